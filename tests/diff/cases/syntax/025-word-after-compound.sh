echo before
if true; then echo a; fi echo b
echo never
