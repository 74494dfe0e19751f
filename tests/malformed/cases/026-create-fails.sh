# expect: status=2 stderr=cannot create /nonexistent-dir/x
echo hi > /nonexistent-dir/x
exit $?
