# bash decides when it reads a command: shopt -s extglob on one line
# makes @( ) a pattern from the next line on (see docs/language.md)
shopt -s extglob
f() { case $1 in @(on|yes)) echo "$1: true" ;; *) echo "$1: false" ;; esac; }
f on; f no
shopt -u extglob
f yes
eval 'echo ${1-@(x)}'
x='!(a)'; case b in $x) echo matched ;; *) echo literal-now ;; esac
shopt -s extglob
if true; then
	case b in !(a)) echo compound ;; esac
fi
echo "@(a|b)" '+(x)' \*\(y\)
