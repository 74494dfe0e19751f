'if' 2>/dev/null || echo "quoted if is a command: $?"
"echo" quoted command name
