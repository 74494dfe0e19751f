cat <<$x
hello
$x
echo after
