# two pipes in a row
echo a | | cat
echo after
