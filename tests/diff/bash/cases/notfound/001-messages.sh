# a command that is not there, as bash words it: "command not found" for
# a name looked up in PATH, the error itself for a path, "exec: NAME: not
# found" from the exec builtin (in a subshell, so the script goes on)
no_such_cmd_sbxsh_x
echo "st=$?"
./no/such/path
echo "st=$?"
/no_such_dir_x/cmd
echo "st=$?"
x=$(no_such_cmd_sbxsh_y 2>&1 | sed "s/^[^:]*: line /SH: line /")
echo "[$x]"
no_such_cmd_sbxsh_z | cat
echo "st=$?"
(exec no_such_cmd_sbxsh_w)
echo "st=$?"
(exec /no_such_dir_x/cmd)
echo "st=$?"
