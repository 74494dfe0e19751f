set - +
echo "$# [$1]"
set - -
echo "$# [$1]"
