touch notexec
mkdir dir
command -v ./notexec; echo "status $?"
command -v ./dir; echo "status $?"
command -v /bin/sh; echo "status $?"
command -v ./no_such_file; echo "status $?"
