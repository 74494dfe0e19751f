echo before
echo $(echo a
