HOME=/h
x=${y:-~/a:~/b}
echo "$x"
x=${y-~}
echo "$x"
