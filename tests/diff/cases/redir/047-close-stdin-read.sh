read x <&- 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
