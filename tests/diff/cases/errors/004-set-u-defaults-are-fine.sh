set -u
echo "[${nope-default}] [${nope:-colon}] [${nope+alt}] [${nope=assigned}]"
echo "[$nope]"
