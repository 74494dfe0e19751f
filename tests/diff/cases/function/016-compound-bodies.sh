f() ( x=sub; echo "subshell body $x" )
x=orig
f
echo "$x"
g() if true; then echo if-body; fi
g
h() for i in 1 2; do echo "for-body $i"; done
h
