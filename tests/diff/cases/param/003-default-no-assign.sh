unset u
echo "${u:-value}"
echo "[${u-still-unset}]"
echo "${u+is-set}|"
