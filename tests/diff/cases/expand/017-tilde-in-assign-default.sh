HOME=/h
echo ${x:=~/a:~/b}
echo "$x"
