# an unterminated backquote
echo `ls
