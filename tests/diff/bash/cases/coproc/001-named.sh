# coproc NAME { ...; }: ${NAME[0]} reads what it writes, ${NAME[1]} writes
# to it, NAME_PID and $! its pid; after `wait` NAME and NAME_PID are unset
# (issue 24)
coproc UP { tr a-z A-Z; }
[[ ${UP[0]} =~ ^[0-9]+$ && ${UP[1]} =~ ^[0-9]+$ ]] && echo fds
[[ ${UP[0]} != "${UP[1]}" ]] && echo two
[[ $UP_PID =~ ^[1-9][0-9]*$ && $UP_PID == "$!" ]] && echo pid
echo hello >&"${UP[1]}"
echo world >&"${UP[1]}"
eval "exec ${UP[1]}>&-"
while read -r line; do echo "got $line"; done <&"${UP[0]}"
wait "$UP_PID"; echo "st=$?"
echo "after: ${UP[@]-unset} ${UP_PID-unset}"
coproc F (exit 3)
wait "$F_PID"; echo "st=$?"
coproc G { read -r x; echo "[$x]"; exit 4; }
echo in >&"${G[1]}"
read -r y <&"${G[0]}"; echo "$y"
wait $!; echo "st=$?"
