alias ll='echo alias-used'; ll 2>/dev/null || echo "not yet defined on same line"
ll
