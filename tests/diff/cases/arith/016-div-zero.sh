(echo $((1 / 0))) 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
(echo $((5 % 0))) 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
