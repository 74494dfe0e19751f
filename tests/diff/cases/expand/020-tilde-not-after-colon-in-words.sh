HOME=/h
echo a=~ --opt=~/x b:~ ~/a:~/b
