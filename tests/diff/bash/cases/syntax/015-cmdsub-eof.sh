#MODES: file,c,stdin,pipe
# an unterminated $( is looked for up to the end of the input
echo before
echo $(ls
echo more
