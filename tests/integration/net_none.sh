#!/bin/bash
# tests/integration/net_none.sh — a network rule with --backend none
# (docs/network.md, "--backend none"; issue 22): no backend confines the
# session, so nothing would keep a job to --network off, domains or
# registries. sbxsh refuses such a session (status 125, one line naming
# the alternatives), creates nothing and runs nothing; never a session
# whose banner claims a door shut that stands open.
#
# The evidence, from outside: a TCP server this test runs on 127.0.0.1
# (tests/kernel/net_probe.py) received nothing from the job, the job's
# marker file does not exist, and no state or run folder was made. As
# root and as nobody, for each way of asking: --network off,
# --no-network, --network domains, --allow-domain (the server's own
# address allowed), --network registries, a [network] mode = off or an
# allow line in the configuration file (the line named), and the file's
# backend = none with --network off as a flag. --print-policy says the
# session would be refused.
#
# Controls (each case could fail): --backend none --network on reaches
# the server (the job's connect is a real one); the file's mode = off
# overridden by --network on runs unconfined and reaches it (flags win);
# --backend landlock --network off runs, and the server gets nothing.
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/rootcase.bash" sbxnetnone

cp "$SRC/tests/kernel/net_probe.py" "$B/"
chmod 644 "$B/net_probe.py"
LOG=$B/server.log
: >"$LOG"
"$PY" "$B/net_probe.py" listen "$B/port" "$LOG" &
SRVPID=$!
trap 'kill $SRVPID 2>/dev/null; rm -rf "$B"' EXIT
for _ in $(seq 50); do [ -s "$B/port" ] && break; sleep 0.1; done
PORT=$(cat "$B/port" 2>/dev/null)
[ -n "$PORT" ] || { echo "Bail out! the server did not start"; exit 1; }
# got TAG: the server logged a connection whose first line is TAG. A
# sentinel sent from outside after the cases bounds the wait.
got() { grep -qx "TCP $1" "$LOG"; }
has() { printf '%s\n' "$OUT" | grep -qF -- "$1"; }
WHY='cannot be kept with --backend none'

# sbx WHO TAG [options...]: a session of WHO in a fresh home and
# workspace, whose job marks that it ran and connects to the server
# with TAG. $OUT: stdout and stderr, $RC: the status, $H: the home.
sbx() {
	local who=$1 tag=$2
	local as=()
	shift 2
	H=$B/h-$tag
	mkdir -p "$H/ws"
	if [ "$who" = nobody ]; then
		as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		chown -R 65534:65534 "$H"
	fi
	OUT=$(cd "$H/ws" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
		XDG_STATE_HOME="$H/state" XDG_CONFIG_HOME="$H/cfg" "$SBXSH" "$@" \
		-c "echo RAN >\"\$PWD/ran\"; $PY $B/net_probe.py tcp $PORT $tag" 2>&1)
	RC=$?
}
# refused WHO TAG: the last session was refused, made nothing, ran
# nothing.
refused() {
	[ "$RC" = 125 ] && has "$WHY" && has "--backend landlock or --backend namespace" &&
		has "--network on" && [ ! -e "$H/ws/ran" ] && ! has STARTED &&
		[ ! -e "$H/state" ] && [ ! -e "$H/ws/.sandbox-runs" ]
}

for who in root nobody; do
	t=$who
	sbx $who on-$t --no-config --backend none --network on
	check "[$who] control: --backend none --network on: the job reaches the server" \
		eval '[ "$RC" = 0 ] && [ -e "$H/ws/ran" ] && has "OK tcp"'

	for c in "off:--network off" "nonet:--no-network" "domains:--network domains" \
		"allow:--allow-domain 127.0.0.1:$PORT" "registries:--network registries"; do
		name=${c%%:*} flags=${c#*:}
		# shellcheck disable=SC2086
		sbx $who $name-$t --no-config --backend none $flags
		check "[$who] --backend none $flags: refused, one line with the alternatives, nothing made or run" refused
		check "[$who] ... it names the mode and where it came from" \
			has "--network $([ $name = nonet ] && echo off || { [ $name = allow ] && echo domains; } || echo $name) (flag) $WHY"
	done
	sbx $who order-$t --no-config --network off --backend none
	check "[$who] --network off before --backend none: refused all the same" refused

	# The configuration file: its [network] section, and its backend.
	for c in "cfgoff:mode = off:off" "cfgallow:allow = 127.0.0.1:$PORT:domains"; do
		name=${c%%:*} rest=${c#*:}
		line=${rest%:*} mode=${rest##*:}
		mkdir -p "$B/h-$name-$t/cfg/sbxsh"
		printf '# net\n[network]\n%s\n' "$line" >"$B/h-$name-$t/cfg/sbxsh/config"
		sbx $who $name-$t --backend none
		check "[$who] [network] $line in the file, --backend none: refused" refused
		check "[$who] ... naming the file's line" \
			has "--network $mode (config $H/cfg/sbxsh/config:3) $WHY"
	done
	mkdir -p "$B/h-cfgbe-$t/cfg/sbxsh"
	printf '[sandbox]\nbackend = none\n' >"$B/h-cfgbe-$t/cfg/sbxsh/config"
	sbx $who cfgbe-$t --network off
	check "[$who] backend = none in the file, --network off as a flag: refused" refused
	mkdir -p "$B/h-cfgon-$t/cfg/sbxsh"
	printf '[network]\nmode = off\n' >"$B/h-cfgon-$t/cfg/sbxsh/config"
	sbx $who cfgon-$t --backend none --network on
	check "[$who] control: the file's mode = off, --network on as a flag: runs unconfined and reaches the server" \
		eval '[ "$RC" = 0 ] && [ -e "$H/ws/ran" ] && has "OK tcp"'

	sbx $who ll-$t --no-config --backend landlock --network off
	check "[$who] control: --backend landlock --network off runs, the connect refused" \
		eval '[ -e "$H/ws/ran" ] && has "STARTED tcp" && has "ERRNO 1 tcp"'
done

mkdir -p "$B/pp/ws"
OUT=$(cd "$B/pp/ws" && env -i HOME="$B/pp" PATH="$PATH" "$SBXSH" --no-config --backend none \
	--network off --print-policy 2>&1)
check "--print-policy: a session would be refused, and why" \
	has "would_refuse: --network off (flag) $WHY"
OUT=$(cd "$B/pp/ws" && env -i HOME="$B/pp" PATH="$PATH" "$SBXSH" --no-config --backend none \
	--banner -c true 2>&1)
check "--backend none --network on: the banner claims no network rule" \
	eval 'has "network allowed" && ! has "network denied"'

# What got through has been logged once this sentinel, sent from outside
# after every case, has.
"$PY" "$B/net_probe.py" tcp "$PORT" sentinel >/dev/null
for _ in $(seq 50); do got sentinel && break; sleep 0.1; done
check "the server logged the sentinel (it was listening throughout)" got sentinel
for who in root nobody; do
	check "[$who] the controls' connections reached the server" \
		eval 'got on-$who && got cfgon-$who'
	miss=
	for name in off nonet domains allow registries order cfgoff cfgallow cfgbe ll; do
		got $name-$who && miss+=" $name"
	done
	check "[$who] every refused session, and --network off under landlock: the server got nothing${miss:+ (got:$miss)}" \
		[ -z "$miss" ]
done
tap_done
