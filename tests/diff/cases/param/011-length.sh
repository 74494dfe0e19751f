x=hello
echo ${#x}
e=
echo ${#e}
unset u
echo ${#u}
s="with spaces"
echo ${#s}
