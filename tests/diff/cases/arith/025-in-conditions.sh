if [ $((3 > 2)) -eq 1 ]; then echo greater; fi
n=7
[ $((n % 2)) = 1 ] && echo odd
while [ $((n -= 3)) -gt 0 ]; do echo "n=$n"; done
