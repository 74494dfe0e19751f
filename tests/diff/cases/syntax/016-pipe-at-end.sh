echo before
echo a |
