# tests/integration/lib/rootcase.bash — the start of a test that runs real
# sessions as root and as nobody (setpriv) in a scratch folder. Source it
# with the folder's prefix after setting SRC:
#
#   . "$SRC/tests/integration/lib/rootcase.bash" sbxenv
#
# It sources tap.bash, sets a plain PATH, unsets TMPDIR, finds $PY, skips
# the test (77) unless root with setpriv, and makes $B (mode 755, so
# nobody can reach what is made in it; removed at exit).
. "$SRC/tests/integration/lib/tap.bash"
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)

[ "$(id -u)" = 0 ] || skip_all_for root "needs root (runs as root and as nobody)"
command -v setpriv >/dev/null || skip_all_for setpriv "no setpriv"

B=$(mktemp -d "/var/tmp/${1:-sbxtest}.XXXXXX") || exit 1
trap 'rm -rf "$B"' EXIT
chmod 755 "$B"
