f() {
	local -
	set -f -u
	case $- in *f*u*|*u*f*) echo "inside: f and u set" ;; esac
}
f
case $- in *f*|*u*) echo "leaked: $-" ;; *) echo "options restored after return" ;; esac
