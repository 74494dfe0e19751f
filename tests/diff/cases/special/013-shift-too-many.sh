set -- a
(shift 2) 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
