> f
[ -f f ] && echo "file created by bare redirection"
x=1 > g
[ -f g ] && echo "and with assignment: x=$x"
