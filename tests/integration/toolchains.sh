#!/bin/bash
# tests/integration/toolchains.sh — "toolchains work with no overrides"
# (docs/design.md, problem 2, issue 4): in a fresh workspace, `go mod init`,
# `go build` and `go test` succeed inside one sbxsh session with no GOCACHE,
# GOTMPDIR or TMPDIR given anywhere, and afterwards the workspace holds the
# sources (and the binary) but no cache folder outside .sandbox-cache /
# .sandbox-runs.
#
# The environment is emptied (env -i) with a fresh $HOME, so neither the real
# ~/.cache nor a GOCACHE the runner happens to export can make it pass.
# TAP output; exit 77 (skip) without a Go toolchain.
set -u

SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
. "$(dirname "$0")/lib/tap.bash"

GOBIN_DIR=
for d in /usr/lib/go/bin /usr/local/go/bin; do
	[ -x "$d/go" ] && GOBIN_DIR=$d && break
done
if [ -z "$GOBIN_DIR" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y golang-go >/dev/null 2>&1
	[ -x /usr/lib/go/bin/go ] && GOBIN_DIR=/usr/lib/go/bin
fi
[ -n "$GOBIN_DIR" ] || skip_all_for go "no Go toolchain"

T=$(mktemp -d "${SBXSH_BUILD:-/var/tmp}/toolchains.XXXXXX") || exit 1
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
H=$T/home
WS=$T/ws
mkdir -p "$H" "$WS"

# What the sandboxed commands get: nothing that points Go anywhere.
sbx() {
	(cd "$WS" && env -i HOME="$H" PATH="$GOBIN_DIR:/usr/bin:/bin" \
		GOTOOLCHAIN=local GOPROXY=off GOFLAGS=-mod=mod \
		"$SBXSH" -c "$1")
}

main_go='package main

import "fmt"

func Greet(n string) string { return "hello, " + n }

func main() { fmt.Println(Greet("sbxsh")) }
'
test_go='package main

import "testing"

func TestGreet(t *testing.T) {
	if Greet("x") != "hello, x" {
		t.Fatal(Greet("x"))
	}
}
'
script="go mod init example.com/m &&
printf '%s' '$main_go' > main.go &&
printf '%s' '$test_go' > main_test.go &&
go build ./... && go build -o m . && ./m && go test ./..."

# What Go itself sees in the session, with nothing set by the caller
# (env -i above): the build cache routed into .sandbox-cache, no
# GOTMPDIR, and TMPDIR (where go build and go test make their work dirs)
# the session's run folder. `go env` reports what Go will use, so this is
# the product's doing, checked through the tool that needed it.
out=$(sbx 'go env GOCACHE GOTMPDIR GOPATH; echo "TMPDIR=$TMPDIR"' 2>&1)
check "go env: GOCACHE is .sandbox-cache/go-build, GOTMPDIR unset, GOPATH routed" \
	eval '[ "$(printf "%s\n" "$out" | sed -n 1,3p)" = "$(printf "%s\n\n%s" "$WS/.sandbox-cache/go-build" "$WS/.sandbox-cache/go")" ]'
check "TMPDIR is the session's run folder tmp" \
	eval 'printf "%s\n" "$out" | grep -Eqx "TMPDIR=$WS/\.sandbox-runs/[^/]+/tmp"'

out=$(sbx "$script" 2>&1)
rc=$?
check "go mod init, build and test succeed in one session (rc=$rc)" test "$rc" = 0
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
check "the program ran" eval 'printf "%s" "$out" | grep -qx "hello, sbxsh"'
check "go test passed" eval 'printf "%s" "$out" | grep -qE "^ok[[:space:]]+example.com/m"'

# No cache litter: only the sources and the binary besides the state folders.
litter=$(cd "$WS" && find . -mindepth 1 \
	\( -path ./.sandbox-cache -o -path ./.sandbox-runs \) -prune -o -print |
	grep -vxE '\./(go\.mod|main\.go|main_test\.go|m)' || true)
check "no other file or folder in the workspace" test -z "$litter"
[ -z "$litter" ] || printf '# litter: %s\n' $litter

# The caches went where routing points them, and $HOME stayed untouched.
check "the build cache is in .sandbox-cache/go-build" \
	test -n "$(find "$WS/.sandbox-cache/go-build" -type f 2>/dev/null | head -1)"
check "no go cache in \$HOME" \
	test ! -e "$H/.cache/go-build" -a ! -e "$H/go"
check "scratch went to the run folder, not .sandbox-cache" \
	test ! -e "$WS/.sandbox-cache/tmp"

# A second session finds the cache: the test result is served from it.
out=$(sbx 'go test ./...' 2>&1)
if printf '%s' "$out" | grep -qE '^ok[[:space:]]+example.com/m[[:space:]]+\(cached\)'; then
	ok "a second session reuses the build cache"
else
	not_ok "a second session reuses the build cache"
	printf '%s\n' "$out" | sed 's/^/# /'
fi

tap_done
