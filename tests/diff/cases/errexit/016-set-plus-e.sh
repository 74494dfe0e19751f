set -e
set +e
false
echo "continues after set +e"
