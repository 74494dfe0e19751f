f() {
	OPTIND=1
	while getopts v o; do echo "v in $1"; done
}
f -v
f -v
