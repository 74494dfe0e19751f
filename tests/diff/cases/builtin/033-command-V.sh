command -V echo >/dev/null && echo "echo known"
command -V no_such_cmd_q >/dev/null 2>&1 || echo "unknown fails"
command -V cat | grep -q /cat && echo "cat path shown"
