while read x; do [ "$x" = END ] && break; echo "loop [$x]"; done
one
two
END
echo done
