echo out
echo err >&2
printf 'p-err\n' 1>&2
