SECONDS=100; echo $SECONDS; SECONDS=0; [ "$SECONDS" -le 1 ] && echo reset
case $EPOCHSECONDS in ''|*[!0-9]*) echo bad ;; *) echo num ;; esac
case $EPOCHREALTIME in [0-9]*.[0-9][0-9][0-9][0-9][0-9][0-9]) echo real ;; esac
[ $((EPOCHSECONDS - ${EPOCHREALTIME%.*})) -le 1 ] && echo same-clock
