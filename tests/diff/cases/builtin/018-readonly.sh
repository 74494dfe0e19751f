readonly R=1
(R=2) 2>/dev/null
echo "assign status nonzero: $([ $? -ne 0 ] && echo yes)"
echo "R=$R"
(unset R) 2>/dev/null
echo "unset status nonzero: $([ $? -ne 0 ] && echo yes)"
