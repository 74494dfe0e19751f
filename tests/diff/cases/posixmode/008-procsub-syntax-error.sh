echo before
cat <(echo x)
echo never
