exec 9> f
echo nine >&9
exec 9>&-
cat f
exec 7<f 8>g
cat <&7 >&8
exec 7<&- 8>&-
cat g
