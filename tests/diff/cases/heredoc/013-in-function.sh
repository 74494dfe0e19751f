f() {
	cat <<EOF
arg=$1
EOF
}
f one
f two
