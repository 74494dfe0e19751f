echo 'a\tb'
echo 'c\nd'
echo 'no\c'; echo 'after c'
echo '\0101'
