x=0x1F y=017 z=-0x10
echo $((x)) $((y)) $((z))
