ls() { echo "my ls"; }
ls
command ls /nonexistent-xyz >/dev/null 2>&1 || echo "real ls ran"
