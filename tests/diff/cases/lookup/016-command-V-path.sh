touch notexec
command -V ./notexec
command -V ./no_such_file
echo "status $?"
