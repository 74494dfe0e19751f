kill -0 $$ && echo "self exists"
kill -0 99999 2>/dev/null || echo "no such pid"
