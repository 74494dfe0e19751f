set -- a b c
echo "$*"
IFS=:
echo "$*"
IFS=,:
echo "$*"
IFS=
echo "$*"
unset IFS
echo "$*"
