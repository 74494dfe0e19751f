f() { echo "PATH unchanged in f: $( [ "$PATH" = /usr/bin:/bin ] && echo yes)"; }
f
