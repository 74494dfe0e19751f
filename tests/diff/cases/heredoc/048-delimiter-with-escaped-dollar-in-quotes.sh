cat <<"\$x"
hi
$x
