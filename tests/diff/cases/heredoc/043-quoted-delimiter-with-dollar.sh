cat <<"$x"
hello $HOME
$x
cat <<'a$(b)'
hello $(echo no)
a$(b)
