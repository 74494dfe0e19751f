command echo via-command
f() { echo function; }
command f 2>/dev/null || echo "command skips functions: $?"
echo() { printf 'wrapped\n'; }
echo x
command echo real
