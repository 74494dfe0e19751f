echo $((0xffffffffffffffff)) $((0x8000000000000000))
