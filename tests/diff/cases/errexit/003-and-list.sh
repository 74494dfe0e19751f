set -e
false && echo no
echo "survived false in && : $?"
true && false || echo "or rescues"
echo end
