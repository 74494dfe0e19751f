IFS='
'
x='line one
line two'
for l in $x; do echo "[$l]"; done
