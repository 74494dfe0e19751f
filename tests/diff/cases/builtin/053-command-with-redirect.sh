command echo to-file > f
cat f
command -v echo >/dev/null && echo "echo exists"
