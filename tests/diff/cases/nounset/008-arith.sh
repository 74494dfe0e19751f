set -u
(echo $(($undefined_a + 1))) 2>/dev/null || echo "arith unset fails"
x=2
echo $((x + 1))
