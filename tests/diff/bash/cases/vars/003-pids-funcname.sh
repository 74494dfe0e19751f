[ "$BASHPID" = $$ ] && echo same; ( [ "$BASHPID" != $$ ] && echo subshell-differs )
echo "$(test "$BASHPID" != $$ && echo cmdsub-differs)"
f() { echo "in $FUNCNAME"; g; echo "back $FUNCNAME"; }; g() { echo "g $FUNCNAME"; }
f; echo "out [$FUNCNAME]"
false; echo "$PIPESTATUS"; true; echo "$PIPESTATUS"; (exit 7); echo "$PIPESTATUS"
