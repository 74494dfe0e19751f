# DEBUG runs before each simple command, each for iteration, case, [[ and
# ((, with $BASH_COMMAND the command as typed (issue 24)
trap 'echo "D: $BASH_COMMAND"' DEBUG
x=1
echo "a $x" 'b $x' >/dev/null 2>&1
for i in 1 2; do :; done
for i in; do :; done
[[ $x == 1 ]] && echo yes
(( x++ ))
((x+=2))
case $x in 4) echo four;; esac
if true; then echo t; fi
f() { echo in f; }
trap -p DEBUG
trap - DEBUG
echo end
trap -p DEBUG
