echo a\
b
ec\
ho split-keyword
echo "dq\
continues"
echo 'sq\
keeps'
