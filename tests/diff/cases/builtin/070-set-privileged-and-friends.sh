set -p; echo "[$-]"
set +p; echo "[$-]"
set -o debug; set +o debug; echo ok
