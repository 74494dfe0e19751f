#MODES: file,c,stdin,pipe
# a here-document with no delimiter: a warning, and the command runs
echo before
cat <<EOF
body line
