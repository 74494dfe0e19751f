p=$0
f() { [ "$0" = "$p" ] && echo "\$0 unchanged in function"; }
f
echo '[ "$0" = "$p" ] && echo "\$0 unchanged in dot script"' > inc.sh
. ./inc.sh
(set -- a b; [ "$0" = "$p" ] && echo "\$0 not a positional parameter")
