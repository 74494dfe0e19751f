HOME=/home/me
a=~/x b=x:~/y
echo "$a $b"
