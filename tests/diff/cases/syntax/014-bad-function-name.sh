echo before
1f() { echo x; }
echo never
