# --posix: <<< is a syntax error
echo before
cat <<< word
echo never
