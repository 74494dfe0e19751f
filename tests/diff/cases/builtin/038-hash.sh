hash cat
echo "status $?"
hash -r
echo "status $?"
hash no_such_cmd_w 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
