type : | grep -q builtin && echo ": is builtin"
type cat | grep -q builtin || echo "cat is not builtin"
