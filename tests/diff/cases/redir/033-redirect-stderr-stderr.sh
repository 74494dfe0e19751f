{ echo out; echo err >&2; } 2>/dev/null
sh -c 'echo e >&2' 2>&1 | tr e E
