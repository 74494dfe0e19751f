# expect: status=0 stderr=here-document at line 3 delimited by end-of-file
echo before
cat <<EOF
body line
