set -a
v=exported
sh -c 'echo "child: $v"'
set +a
w=not
sh -c 'echo "child: ${w-unset}"'
