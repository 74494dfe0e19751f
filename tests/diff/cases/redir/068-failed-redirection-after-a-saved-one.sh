# A redirection that fails after one that took effect (fd 1 saved): the
# command does not run, fd 1 comes back, once (ASan caught the list of
# saved fds freed twice).
echo a >/dev/null 2</nonexistent/x
echo "rc=$?"
echo b 4>/dev/null >/dev/null 3</nonexistent/y 2>/dev/null
echo "rc=$?"
f() { echo in f; }
f >/dev/null 2>/dev/null 5</nonexistent/z
echo "rc=$?"
echo still here
