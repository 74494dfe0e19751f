cd /nonexistent/dir 2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes)"
echo "${PWD##*/}" | grep -q cwd && echo "unchanged"
