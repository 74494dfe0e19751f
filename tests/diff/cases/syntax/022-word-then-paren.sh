echo before
echo x (echo X)
echo never
