x=
set -- "${x-}" "${x:-}" "${y-}"
echo $#
