RANDOM=1; echo $RANDOM $RANDOM $RANDOM
RANDOM=42; echo $RANDOM; RANDOM=42; echo $RANDOM
a=$RANDOM b=$RANDOM; [ "$a" != "$b" ] && echo differ
for i in 1 2 3 4 5; do case $RANDOM in *[!0-9]*) echo bad ;; *) [ $RANDOM -le 32767 ] || echo big ;; esac; done
r1=$(echo $RANDOM); r2=$(echo $RANDOM); echo subshells-run
