export TZ=UTC
printf '%(%Y-%m-%d %H:%M:%S)T\n' 0 86400 1700000000
printf '%(%Y)T|%10(%Y)T|%-6(%m)T|%.2(%Y)T|\n' 0 0 0 0
printf '%(%s)T\n' 12345
y=$(printf '%(%Y)T' -1); [ "$y" -ge 2024 ] && echo now-ok
y=$(printf '%(%Y)T'); [ "$y" -ge 2024 ] && echo none-ok
printf -v d '%(%d)T' 86400; echo "$d"
TZ=JST-9 printf '%(%H)T|' 0; TZ=EST5; printf '%(%H)T|' 0; export TZ=UTC; printf '%(%H)T\n' 0
