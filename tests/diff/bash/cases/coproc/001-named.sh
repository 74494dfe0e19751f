# coproc NAME { ...; }: ${NAME[0]} reads what it writes, ${NAME[1]} writes
# to it, NAME_PID and $! its pid; NAME and NAME_PID are gone once it has
# ended and been waited for (bash unsets them as soon as it reaps it, so
# the cases keep the pid and keep each coproc alive while they use it)
coproc UP { tr a-z A-Z; }
p=$UP_PID
[[ ${UP[0]} =~ ^[0-9]+$ && ${UP[1]} =~ ^[0-9]+$ ]] && echo fds
[[ ${UP[0]} != "${UP[1]}" ]] && echo two
[[ $p =~ ^[1-9][0-9]*$ && $p == "$!" ]] && echo pid
echo hello >&"${UP[1]}"
echo world >&"${UP[1]}"
eval "exec ${UP[1]}>&-"
while read -r line; do echo "got $line"; done <&"${UP[0]}"
wait "$p"; echo "st=$?"
echo "after: ${UP[@]-unset} ${UP_PID-unset}"
coproc F { sleep 0.2; exit 3; }
p=$F_PID
wait "$p"; echo "st=$?"
coproc G { read -r x; echo "[$x]"; sleep 0.2; exit 4; }
echo in >&"${G[1]}"
read -r y <&"${G[0]}"; echo "$y"
wait $!; echo "st=$?"
