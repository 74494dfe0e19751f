cat <<''
a

echo after
