local() { echo function; }
local 2>/dev/null
echo "status $?"
