unset y
msg=$( (: "${y:?custom message here}") 2>&1 )
case $msg in *"custom message here"*) echo "message on stderr" ;; esac
msg=$( (: "${y:?}") 2>&1 )
[ -n "$msg" ] && echo "default message produced"
