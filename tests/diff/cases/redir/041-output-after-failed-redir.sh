echo start
cat < missing-file 2>/dev/null
echo "cat status nonzero: $([ $? -ne 0 ] && echo y)"
