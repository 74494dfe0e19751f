# --posix: function is an ordinary word
function 2>/dev/null
echo "st=$?"
