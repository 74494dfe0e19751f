#MODES: file,c,stdin,pipe
# the input ends inside a for loop: bash names the line after the last
echo before
for do
