#!/bin/bash
# tests/bench/bench-secrets.sh — what masking the credential files costs
# at start-up (core/secrets.c): `sbxsh -c true` with a home in which none
# of the table's files exist against a home in which every one does, side
# by side with `bash -c true`, under the landlock and namespace backends.
#
# Both homes hold the same ordinary dotfiles (40 in ~, 25 in ~/.config,
# 15 in ~/.local/share, 10 in ~/.cache), because that is what the Landlock
# backend walks: for every existing secret it grants read on the siblings
# along the path instead of on the ancestors (backends/landlock.c), so the
# cost grows with the number of entries in ~, ~/.config, ~/.local/share
# ..., not with the number of secrets. The namespace backend mounts over
# each existing secret instead. Where it goes is printed from one traced
# start-up of each (strace -c, when strace is there): Landlock rules,
# mounts, and the readlink/lstat calls the policy and the backends make.
#
# Usage: tests/bench/bench-secrets.sh [SBXSH|BUILD_DIR] [BASELINE_SBXSH]
#   BASELINE_SBXSH (optional): an older sbxsh timed the same way, for a
#   before/after. Timed in turns (tests/bench/turns, built next to sbxsh),
#   medians of STARTUP_RUNS rounds (200). Measures; never fails on the
#   numbers.
set -u

SBXSH=${1:-${SBXSH:-build/sbxsh}}
[ -d "$SBXSH" ] && SBXSH=$SBXSH/sbxsh
BASELINE=${2:-}
RUNS=${STARTUP_RUNS:-200}
[ -x "$SBXSH" ] || { echo "bench-secrets: no sbxsh at '$SBXSH'" >&2; exit 2; }
SBXSH=$(cd "$(dirname "$SBXSH")" && pwd)/$(basename "$SBXSH")
TURNS=$(dirname "$SBXSH")/turns
[ -x "$TURNS" ] || { echo "bench-secrets: needs $TURNS (build the tree)" >&2; exit 2; }
for t in bash python3; do
	command -v $t >/dev/null || { echo "bench-secrets: needs $t" >&2; exit 2; }
done

# Not under /tmp: a secret in a writable root is not walked for (Landlock
# cannot hide it there), which would make the "all present" case cheap.
T=$(mktemp -d /var/tmp/bench-secrets.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
WS=$T/ws
mkdir -p "$WS"

dotfiles() { # HOME: the same ordinary files in both homes
	local h=$1 i
	mkdir -p "$h/.config" "$h/.local/share" "$h/.cache"
	for i in $(seq 40); do : >"$h/.dot$i"; done
	for i in $(seq 25); do mkdir -p "$h/.config/app$i"; done
	for i in $(seq 15); do mkdir -p "$h/.local/share/app$i"; done
	for i in $(seq 10); do mkdir -p "$h/.cache/app$i"; done
}
envof() { # NAME: the environment of a session with home NAME
	echo "HOME=$T/$1"
	echo "XDG_RUNTIME_DIR=$T/run-$1"
	echo "XDG_STATE_HOME=$T/state"
	echo "PATH=/usr/local/bin:/usr/bin:/bin"
}
for h in none all; do
	dotfiles "$T/$h"
	mkdir -p "$T/run-$h"
done
mapfile -t E_NONE < <(envof none)
mapfile -t E_ALL < <(envof all)

# Every masked path of the table, made to exist in the "all" home.
mapfile -t masked < <(cd "$WS" && env -i "${E_ALL[@]}" "$SBXSH" --workspace "$WS" \
	--print-policy --json | python3 -c '
import json, sys
print("\n".join(json.load(sys.stdin)["masked"]))')
made=0
for p in "${masked[@]}"; do
	case $p in "$T/all/"* | "$T/run-all/"*) ;; *) continue ;; esac
	mkdir -p "$(dirname "$p")" && echo secret >"$p" && made=$((made + 1))
done
outside=$(printf '%s\n' "${masked[@]}" | grep -vc "^$T/")

set -- "bash -c true" env -i "${E_NONE[@]}" bash -c true
for be in landlock namespace; do
	for h in none all; do
		e=E_NONE
		[ $h = all ] && e=E_ALL
		eval "ev=(\"\${$e[@]}\")"
		set -- "$@" ::: "$be/$h" env -i "${ev[@]}" "$SBXSH" \
			--workspace "$WS" --backend "$be" -c true
		[ -n "$BASELINE" ] && set -- "$@" ::: "$be/$h/baseline" env -i \
			"${ev[@]}" "$BASELINE" --workspace "$WS" --backend "$be" -c true
	done
done
"$TURNS" "$RUNS" "$@" >"$T/turns.tsv" ||
	{ echo "bench-secrets: turns failed (does every session start?)" >&2; exit 1; }

# Where it goes: one traced start-up each.
counts=
if command -v strace >/dev/null; then
	for be in landlock namespace; do
		for h in none all; do
			e=E_NONE
			[ $h = all ] && e=E_ALL
			eval "ev=(\"\${$e[@]}\")"
			strace -f -c -U name,calls -o "$T/strace" env -i "${ev[@]}" \
				"$SBXSH" --workspace "$WS" --backend "$be" -c true \
				>/dev/null 2>&1
			counts="$counts$be/$h"
			for s in landlock_add_rule mount readlink newfstatat lstat openat; do
				n=$(awk -v s=$s '$1 == s { print $2 }' "$T/strace")
				counts="$counts $s=${n:-0}"
			done
			counts="$counts"$'\n'
		done
	done
fi

python3 - "$T/turns.tsv" "${#masked[@]}" "$made" "$outside" "$RUNS" "$counts" <<'EOF'
import sys
rows = {}
for line in open(sys.argv[1]):
    name, med, mean, mn = line.rstrip("\n").split("\t")
    rows[name] = float(med)
n, made, outside, runs, counts = sys.argv[2:7]
bash = rows["bash -c true"]
ms = lambda s: "%8.3f ms" % (s * 1e3)
print("credential files: %s masked paths in the policy, %s of them made to "
      "exist in the 'all' home, %s outside the test folders "
      "(/tmp/krb5cc_<uid>, /run/...: the same in both)" % (n, made, outside))
print("start-up, medians of %s rounds in turns (tests/bench/turns)" % runs)
print("  bash -c true                 %s" % ms(bash))
for be in ("landlock", "namespace"):
    for h in ("none", "all"):
        k = "%s/%s" % (be, h)
        line = "  sbxsh %-9s %-4s present %s  %5.2fx bash" % (
            be, "none" if h == "none" else "all", ms(rows[k]), rows[k] / bash)
        if k + "/baseline" in rows:
            line += "   (baseline %s)" % ms(rows[k + "/baseline"])
        print(line)
    d = rows[be + "/all"] - rows[be + "/none"]
    print("  %-9s cost of every secret existing: %+.3f ms" % (be, d * 1e3))
if counts.strip():
    print("syscalls of one start-up (strace -f -c)")
    for l in counts.strip().splitlines():
        print("  " + l)
EOF
