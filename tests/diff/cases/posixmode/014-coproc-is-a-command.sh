# --posix: coproc is no keyword, a command name as in dash
coproc echo x 2>/dev/null
echo "st=$?"
coproc() { echo "fn $*"; }
coproc a b
