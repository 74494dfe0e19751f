# XCU command takes one command_name; dash ignores the others.
command -v cd ls no_such_thing
echo "status $?"
command -v no_such_thing cd
echo "status $?"
