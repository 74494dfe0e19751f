(exec >f; echo in-file)
echo on-stdout
cat f
