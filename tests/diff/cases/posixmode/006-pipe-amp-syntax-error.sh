echo before
echo a |& cat
echo never
