#MODES: file,c,stdin,pipe
# $( left open over several lines
echo $(
echo a
echo b
