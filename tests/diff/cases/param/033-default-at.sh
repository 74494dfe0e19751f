set --
echo "[${@:-none}]"
set -- x
echo "[${@:-none}]"
