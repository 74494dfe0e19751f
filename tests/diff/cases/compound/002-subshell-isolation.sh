x=outer
(x=inner; echo "in: $x")
echo "out: $x"
(cd /; pwd)
pwd | grep -q / && echo cwd-kept
