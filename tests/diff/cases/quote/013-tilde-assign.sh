HOME=/h
x=~
y=~/a:~/b
echo "$x $y"
echo "${u:-~}"
