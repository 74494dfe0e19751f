echo before
cat <<EOF
body line
