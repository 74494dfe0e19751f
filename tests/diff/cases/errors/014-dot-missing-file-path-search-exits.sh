PATH=/nonexistent_dir_for_dot
. no_such_file_anywhere 2>/dev/null
echo not reached
