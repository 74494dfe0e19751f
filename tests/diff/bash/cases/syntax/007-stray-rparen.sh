# a stray )
echo a )
echo after
