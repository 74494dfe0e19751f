cat <<$x$y
hi
$x$y
echo after
