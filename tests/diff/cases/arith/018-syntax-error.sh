(echo $((1 +))) 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
(echo $((2 3))) 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
