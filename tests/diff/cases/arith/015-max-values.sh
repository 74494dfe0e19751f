echo $((9223372036854775807))
echo $((-9223372036854775807 - 1))
echo $((0x7fffffffffffffff))
