name=file1
echo content > $name
cat "$name"
echo x > "a b"
cat "a b"
