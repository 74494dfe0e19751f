type if >/dev/null 2>&1 && echo "if is known"
type while >/dev/null 2>&1 && echo "while is known"
