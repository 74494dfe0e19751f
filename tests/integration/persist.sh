#!/bin/bash
# tests/integration/persist.sh — "installs persist across sessions"
# (docs/design.md, problem 1, issue 4). Session 1 runs
# `pip install --user ./localpkg` and `npm install -g ./local-tool.tgz` (both
# made here; no index is used); session 2, with a new run folder, imports the
# package, gets "already satisfied" from pip and finds the npm tool's binary on
# PATH, proving that both landed in .sandbox-cache. A third session with
# --no-persist installs into the run-folder fallback, and the install is gone in
# the next one.
#
# Uses Debian's /usr/bin/python3 (PEP 668: it refuses a plain `pip install
# --user` unless routing says PIP_BREAK_SYSTEM_PACKAGES=1, which sbxsh does
# while PYTHONUSERBASE is routed). The environment is emptied (env -i).
# TAP output; exit 77 (skip) without python3+pip+setuptools or npm.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"

T=$(mktemp -d "${SBXSH_BUILD:-/var/tmp}/persist.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
H=$T/home
WS=$T/ws
P=$WS/.sandbox-cache
mkdir -p "$H" "$WS"

. "$(dirname "$0")/lib/localpkgs.bash"

runs() { find "$WS/.sandbox-runs" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort; }

# --- session 1: install ------------------------------------------------
out=$(sbx 'pip install --user --no-index --no-build-isolation ./localpkg &&
npm install -g --no-audit --no-fund ./local-tool.tgz' 2>&1)
rc=$?
check "session 1: pip install --user and npm install -g succeed (rc=$rc)" \
	test "$rc" = 0
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
runs1=$(runs)
check "the package landed in .sandbox-cache/python" \
	test -d "$(echo "$P"/python/lib/python3*/site-packages/localpkg)"
check "the npm tool landed in .sandbox-cache/npm-global" \
	test -e "$P/npm-global/bin/local-tool"
check "nothing went to \$HOME/.local or the system" \
	test ! -e "$H/.local" -a ! -e /usr/local/bin/local-tool

# --- session 2: a new run folder sees both -----------------------------
out=$(sbx 'cd "$TMPDIR" && python3 -c "import localpkg; print(localpkg.__file__)" && cd - >/dev/null &&
pip install --user --no-index localpkg &&
local-tool && command -v local-tool && localpkg-hello' 2>&1)
rc=$?
check "session 2: import, pip, the npm tool and the entry point work (rc=$rc)" \
	test "$rc" = 0
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
runs2=$(runs)
check "session 2 had a new run folder" \
	test "$(comm -13 <(echo "$runs1") <(echo "$runs2") | wc -l)" = 1
check "python imports localpkg from .sandbox-cache" \
	eval 'printf "%s" "$out" | grep -q "^$P/python/lib/python3[^/]*/site-packages/localpkg/__init__.py$"'
check "pip reports it already satisfied" \
	eval 'printf "%s" "$out" | grep -q "Requirement already satisfied: localpkg"'
check "the npm tool runs from PATH" \
	eval 'printf "%s" "$out" | grep -qx "local-tool ok"'
check "... found in .sandbox-cache/npm-global/bin" \
	eval 'printf "%s" "$out" | grep -qx "$P/npm-global/bin/local-tool"'
check "pip's console script runs from PATH (.sandbox-cache/python/bin)" \
	eval 'printf "%s" "$out" | grep -qx "localpkg hello"'

# --- session 3: --no-persist falls back to the run folder --------------
out=$(sbx --no-persist 'pip install --user --no-index --no-build-isolation ./otherpkg &&
python3 -c "import otherpkg; print(otherpkg.__file__)"' 2>&1)
rc=$?
check "session 3 (--no-persist): the install works (rc=$rc)" test "$rc" = 0
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
check "... into the run folder, not .sandbox-cache" \
	eval 'printf "%s" "$out" | grep -q "^$WS/.sandbox-runs/[^/]*/.*/otherpkg/__init__.py$"'
check "... and .sandbox-cache did not get it" \
	test -z "$(find "$P" -name 'otherpkg*' -print -quit)"

# --- session 4: the fallback install is gone ---------------------------
# Imports run from TMPDIR: in the workspace, the source folder ./otherpkg
# would import as a namespace package and prove nothing.
out=$(sbx 'cd "$TMPDIR" && python3 -c "import otherpkg"' 2>&1)
rc=$?
check "session 4: the --no-persist install is gone (import fails)" \
	eval 'test "$rc" != 0 && printf "%s" "$out" | grep -q ModuleNotFoundError'
out=$(sbx 'pip show otherpkg' 2>&1)
check "session 4: pip does not know it" \
	eval 'printf "%s" "$out" | grep -q "not found: otherpkg"'
out=$(sbx 'command -v otherpkg-hello' 2>&1)
check "session 4: its entry point is not on PATH" test -z "$out"
out=$(sbx 'cd "$TMPDIR" && python3 -c "import localpkg" && local-tool' 2>&1)
check "session 4: the persistent installs are still there" \
	eval 'printf "%s" "$out" | grep -qx "local-tool ok"'

tap_done
