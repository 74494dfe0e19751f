kill -l 15
kill -l 9
kill -l 130
kill -l | grep -q HUP && echo "list has HUP"
