alias nope_alias_xyz 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
unalias nope_alias_xyz 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
