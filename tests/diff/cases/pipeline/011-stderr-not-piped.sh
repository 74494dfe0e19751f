{ echo out; echo err >&2; } 2>/dev/null | cat
sh -c 'echo x; echo y >&2' 2>&1 | sort
