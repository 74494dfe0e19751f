printf 'no newline' > f
read a < f
echo "status $? [$a]"
read b < /dev/null
echo "status $? [${b}]"
