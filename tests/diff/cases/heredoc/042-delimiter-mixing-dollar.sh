b=B
cat <<a$b
hello $b
a$b
echo after
