echo before
echo a )
