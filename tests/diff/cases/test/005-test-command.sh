test 1 -eq 1 && echo test-ok
test && echo no-args-true || echo no-args-false
test -n && echo "one arg -n is true"
