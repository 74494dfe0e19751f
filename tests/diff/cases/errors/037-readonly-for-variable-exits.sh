readonly a=a
for a in b c; do echo not reached; done 2>/dev/null
echo not reached either
