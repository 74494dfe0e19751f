x=set
echo "${x:?not shown}"
(unset y; echo "${y:?y is unset}") 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
