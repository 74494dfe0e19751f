read first
alpha
head -n 1
beta
echo "first [$first]"
