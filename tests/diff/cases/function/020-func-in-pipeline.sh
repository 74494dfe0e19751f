up() { tr a-z A-Z; }
echo hello | up
