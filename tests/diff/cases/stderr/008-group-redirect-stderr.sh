{ echo e1 >&2; echo o1; } 2>&1 >/dev/null
{ echo e2 >&2; } 2>/dev/null
( echo e3 >&2 )
