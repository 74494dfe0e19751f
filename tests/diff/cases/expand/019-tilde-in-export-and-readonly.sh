HOME=/h
export a=~/x:~/y
readonly b=~/x:~/y
echo "$a $b"
f() { local c=~/x:~/y; echo "$c"; }
f
