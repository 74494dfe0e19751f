set -o pipefail
false | true
echo "false|true: $?"
sh -c 'exit 3' | sh -c 'exit 0' | true
echo "3|0|0: $?"
sh -c 'exit 3' | sh -c 'exit 4' | true
echo "3|4|0: $?"
true | true
echo "ok: $?"
set +o pipefail
false | true
echo "off: $?"
