set -u
x=1
echo "$x"
(echo "$undefined_var") 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
