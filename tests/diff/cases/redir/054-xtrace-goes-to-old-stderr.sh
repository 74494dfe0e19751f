# The set -x trace is written before the command's own redirections.
{ set -x; echo hi 2>/dev/null; set +x; } 2>trace
sed 's/^+ //' trace
