#!/bin/bash
# tests/integration/net_domains.sh — `--network domains` (docs/network.md,
# issue 22): the session's own network namespace, the proxy started once
# outside it, each refusal explained.
#
# No internet and no change to the machine: the test re-runs itself in a
# private mount and network namespace (unshare -m -n) with a hosts file
# bound over /etc/hosts, and its upstream servers
# (lib/net_upstream.py) run in one more namespace joined by a veth pair
# (198.51.100.1 here, 198.51.100.2 there), so their address is neither
# loopback nor this machine's own: the proxy needs no rule for it. What a
# server received (its log) is the evidence, read from outside.
#
# Under both Linux backends, as root and as nobody:
#   - an allowed name reaches its server through HTTP (HTTP_PROXY),
#     CONNECT (curl --proxytunnel) and SOCKS5 (ALL_PROXY, socks5h), and
#     through the proxy's ports on [::1] (a client that resolves
#     localhost to ::1);
#   - a name not allowed, a denied subdomain, a port not allowed and a
#     direct connect() to the server's address get nothing there, and
#     each prints its `sbxsh: denied: network` line;
#   - pip install from a local index and npm install from a local
#     registry work through the proxy with an allowed name (landlock as
#     root, namespace as nobody: npm alone takes seconds);
#   - the proxy killed from outside: the session has no network (the
#     server gets nothing) and the next command says so.
# Controls: --network on reaches the server directly; --network off
# reaches nothing and says `sbxsh: denied: network (--network off)`;
# --backend none with domains is refused; unconfined, a root job in a
# loopback-only namespace leaves it by nsenter.
#
# TAP; 77 when not root (a failure under SBXSH_TEST_STRICT=1).
set -u
SBXSH=${SBXSH:?SBXSH must name the sbxsh binary}
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$SRC/tests/integration/lib/strict.bash"

if [ -z "${SBX_NETNS_INNER:-}" ]; then
	[ "$(id -u)" = 0 ] || skip_all_for root "needs root (unshare -m -n)"
	for t in unshare nsenter ip; do
		command -v $t >/dev/null || skip_all_for netns "no $t (util-linux, iproute2)"
	done
	command -v curl >/dev/null || skip_all_for curl "no curl"
	SBX_NETNS_INNER=1 exec unshare -m -n --propagation private bash "$0" "$@"
fi

. "$SRC/tests/integration/lib/rootcase.bash" sbxnet
bail() {
	echo "Bail out! $*"
	exit 1
}
ip link set lo up

# The servers' namespace, and the veth pair between it and this one.
unshare -n sleep 600 &
SNS=$!
trap 'kill $SNS $SRV 2>/dev/null; rm -rf "$B"' EXIT
SRV=
sleep 0.05
ip link add sbxv0 type veth peer name sbxv1 netns $SNS || bail "veth"
ip addr add 198.51.100.1/24 dev sbxv0 && ip link set sbxv0 up
nsenter -t $SNS -n sh -c 'ip link set lo up; ip addr add 198.51.100.2/24 dev sbxv1; ip link set sbxv1 up' || bail "veth peer"
UP=198.51.100.2

# Names, resolved by the proxy through this hosts file only.
printf '127.0.0.1 localhost\n%s allowed.test bad.allowed.test sub.allowed.test other.test pypi.test npm.test\n' $UP >"$B/hosts"
mount --bind "$B/hosts" /etc/hosts || bail "hosts"
: >"$B/resolv.conf"
mount --bind "$B/resolv.conf" /etc/resolv.conf 2>/dev/null

# The served folder: /hello, a pip index with one wheel, an npm registry
# with one package.
R=$B/srv
mkdir -p "$R/simple/tinypkg" "$R/files" "$R/npm/tinynpm/-" "$B/npmsrc/package"
"$PY" - "$R" <<'PYEOF' || bail "wheel"
import base64, hashlib, sys, zipfile
root = sys.argv[1]
name = "tinypkg-1.0-py3-none-any.whl"
files = {
    "tinypkg/__init__.py": "WHO = 'tinypkg-from-local-index'\n",
    "tinypkg-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: tinypkg\nVersion: 1.0\n",
    "tinypkg-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
rec = []
for p, t in files.items():
    d = base64.urlsafe_b64encode(hashlib.sha256(t.encode()).digest()).rstrip(b"=").decode()
    rec.append("%s,sha256=%s,%d" % (p, d, len(t)))
rec.append("tinypkg-1.0.dist-info/RECORD,,")
files["tinypkg-1.0.dist-info/RECORD"] = "\n".join(rec) + "\n"
with zipfile.ZipFile(root + "/files/" + name, "w") as z:
    for p, t in files.items():
        z.writestr(p, t)
with open(root + "/simple/tinypkg/index.html", "w") as f:
    f.write('<html><body><a href="/files/%s">%s</a></body></html>\n' % (name, name))
PYEOF
printf '{"name":"tinynpm","version":"1.0.0","main":"index.js"}\n' >"$B/npmsrc/package/package.json"
echo 'module.exports = "tinynpm-from-local-registry";' >"$B/npmsrc/package/index.js"
tar -C "$B/npmsrc" -czf "$R/npm/tinynpm/-/tinynpm-1.0.0.tgz" package
SHA=$(sha1sum "$R/npm/tinynpm/-/tinynpm-1.0.0.tgz" | cut -d' ' -f1)
printf '{"name":"tinynpm","dist-tags":{"latest":"1.0.0"},"versions":{"1.0.0":{"name":"tinynpm","version":"1.0.0","main":"index.js","dist":{"tarball":"http://npm.test:8080/npm/tinynpm/-/tinynpm-1.0.0.tgz","shasum":"%s"}}}}\n' "$SHA" >"$R/npm/tinynpm/index.html"
cp "$R/npm/tinynpm/index.html" "$R/npm/tinynpm.json"
chmod -R a+rX "$R"

LOG=$B/upstream.log
: >"$LOG"
nsenter -t $SNS -n "$PY" "$SRC/tests/integration/lib/net_upstream.py" "$R" "$LOG" 8080 8081 &
SRV=$!
trap 'kill $SNS $SRV 2>/dev/null; rm -rf "$B"' EXIT
for _ in $(seq 50); do [ -e "$LOG.ready" ] && break; sleep 0.05; done
[ -e "$LOG.ready" ] || bail "upstream server did not start"

H=$B/home
RULES=(--allow-domain allowed.test:8080 --allow-domain '*.allowed.test:8080'
	--deny-domain bad.allowed.test --allow-domain pypi.test:8080
	--allow-domain npm.test:8080 --allow-domain allowed.test:443)
D='sbxsh: denied: network '

# sbx WHO BACKEND [options...] COMMAND: stdout and stderr together
sbx() {
	local who=$1 be=$2 cmd=${*: -1}
	local as=()
	[ "$who" = nobody ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	shift 2
	(cd "$WS" && "${as[@]}" env -i HOME="$H" PATH="$PATH" \
		XDG_STATE_HOME="$H/state" "$SBXSH" --no-config --backend "$be" \
		"${@:1:$#-1}" -c "$cmd" 2>&1 | cat)
}
has() { printf '%s\n' "$OUT" | grep -qF -- "$1"; }
got() { grep -qF -- "$1" "$LOG"; }
nogot() { ! got "$1"; }

for who in root nobody; do
	uid=0
	[ "$who" = nobody ] && uid=65534
	for be in landlock namespace; do
		t=$be-$who
		WS=$H/ws-$t
		mkdir -p "$WS"
		chown -R $uid "$H"
		OUT=$(sbx $who $be "${RULES[@]}" "
			curl -sS --max-time 5 http://allowed.test:8080/hello?id=http-$t
			curl -sS --max-time 5 --proxytunnel http://allowed.test:8080/hello?id=connect-$t
			curl -sS --max-time 5 --proxy \"\$ALL_PROXY\" http://sub.allowed.test:8080/hello?id=socks-$t
			curl -sS --max-time 5 http://other.test:8080/hello?id=other-$t
			curl -sS --max-time 5 http://bad.allowed.test:8080/hello?id=bad-$t
			curl -sS --max-time 5 --proxy \"\$ALL_PROXY\" http://allowed.test:8081/raw-$t
			curl -sS --max-time 5 --noproxy '*' http://$UP:8080/hello?id=direct-$t
			nsenter -t $$ -n curl -sS --max-time 3 --noproxy '*' http://$UP:8080/hello?id=nsenter-$t
			curl -sS --max-time 5 -x \"http://[::1]:\${HTTP_PROXY##*:}\" http://allowed.test:8080/hello?id=v6http-$t
			curl -sS --max-time 5 -x \"socks5h://[::1]:\${ALL_PROXY##*:}\" http://allowed.test:8080/hello?id=v6socks-$t
			policy why --host other.test:8080
			policy why --host allowed.test:8080
			policy net
			policy net --json | grep _port
			policy env | grep -E '^  (HTTPS?_PROXY|ALL_PROXY|NO_PROXY)='
			echo PROXY-SEEN=\$(cat /proc/[0-9]*/comm 2>/dev/null | grep -c sbxsh-proxy)
			echo END")
		if ! has END; then
			not_ok "[$t] the session ran: $(printf '%s' "$OUT" | head -c 400)"
			continue
		fi
		check "[$t] HTTP through the proxy reaches the allowed name" \
			got "/hello?id=http-$t allowed.test:8080"
		check "[$t] CONNECT through the proxy reaches it" got "/hello?id=connect-$t"
		check "[$t] SOCKS5 (socks5h) reaches a subdomain allowed by *.allowed.test" \
			got "/hello?id=socks-$t"
		check "[$t] a name not allowed: the server got nothing" nogot "id=other-$t"
		check "[$t] ... and its line" has "${D}other.test:8080 ("
		check "[$t] ... naming policy why --host" has "policy why --host other.test:8080"
		check "[$t] a denied subdomain: nothing" nogot "id=bad-$t"
		check "[$t] ... and its line" has "${D}bad.allowed.test:8080 ("
		check "[$t] a port not allowed: the raw port saw no connection" nogot "RAW"
		check "[$t] ... and its line" has "${D}allowed.test:8081 ("
		check "[$t] the proxy on [::1] (HTTP): reaches the allowed name" got "/hello?id=v6http-$t"
		check "[$t] the proxy on [::1] (SOCKS5): reaches it" got "/hello?id=v6socks-$t"
		check "[$t] policy net: listening on 127.0.0.1 and [::1]" has "listening: 127.0.0.1 and [::1], ports 3128 (HTTP) and 1080 (SOCKS5)"
		check "[$t] policy net --json: the same ports" \
			eval 'has "\"http_port\": 3128," && has "\"socks_port\": 1080,"'
		check "[$t] a direct connect() to the server's address: nothing" nogot "id=direct-$t"
		check "[$t] ... and its line" has "${D}(--network domains: out only through the proxy"
		check "[$t] a job cannot leave the namespace (nsenter into this test's): nothing" \
			nogot "id=nsenter-$t"
		check "[$t] policy why --host: the name not allowed is denied, and what to add" \
			eval 'has "network other.test:8080" && has "verdict:   denied" && has "to allow:  --allow-domain other.test:8080"'
		check "[$t] policy why --host: the allowed name names its rule" \
			has "rule:      allow rule: allowed.test:8080 (flag)"
		check "[$t] policy net: the connection and the refusals" \
			eval 'has "conn    allowed.test:8080" && has "denied  other.test:8080"'
		check "[$t] the proxy is none of the session's processes (no signal, no ptrace)" \
			has "PROXY-SEEN=0"
		check "[$t] policy env lists the proxy variables" \
			eval 'has "  HTTP_PROXY=http://127.0.0.1:" && has "  ALL_PROXY=socks5h://127.0.0.1:" && has "  NO_PROXY=localhost,127.0.0.1,::1"'

		# pip and npm, through the proxy, from the local index and
		# registry (HTTP_PROXY and npm_config_proxy in the environment):
		# each backend once, as root under one and nobody under the other
		# (npm alone takes seconds; the session's side is the same).
		if ! "$PY" -m pip --version >/dev/null 2>&1; then
			skip_case_for pip "no pip for $PY"
		elif ! command -v npm >/dev/null; then
			skip_case_for npm "no npm"
		elif [ $t = landlock-root ] || [ $t = namespace-nobody ]; then
		OUT=$(sbx $who $be "${RULES[@]}" "
			python3 -m pip install -q --no-cache-dir --disable-pip-version-check \
				--index-url http://pypi.test:8080/simple/ --trusted-host pypi.test \
				--target \"\$PWD/pt\" tinypkg && echo PIP-OK
			npm install --registry http://npm.test:8080/npm/ --no-audit --no-fund \
				--loglevel=error tinynpm >/dev/null && echo NPM-OK")
		check "[$t] pip install from the local index through the proxy" \
			eval 'has PIP-OK && [ -f "$WS/pt/tinypkg/__init__.py" ] && got "GET /files/tinypkg-1.0-py3-none-any.whl pypi.test:8080"'
		check "[$t] npm install from the local registry through the proxy" \
			eval 'has NPM-OK && [ -f "$WS/node_modules/tinynpm/index.js" ] && got "/npm/tinynpm/-/tinynpm-1.0.0.tgz npm.test:8080"'
		fi

		# The proxy killed from outside, mid-session.
		rm -f "$WS/go"
		sbx $who $be --banner "${RULES[@]}" "
			while [ ! -e \"\$PWD/go\" ]; do sleep 0.05; done
			curl -sS --max-time 3 http://allowed.test:8080/hello?id=afterkill-$t
			echo END" >"$B/kill.out" &
		bg=$!
		me=$(readlink /proc/self/ns/net)
		pp=
		for _ in $(seq 100); do
			for p in $(pgrep -x sbxsh-proxy); do
				[ "$(readlink /proc/$p/ns/net 2>/dev/null)" = "$me" ] && pp=$p
			done
			[ -n "$pp" ] && break
			sleep 0.05
		done
		check "[$t] the proxy runs outside the session's namespace (the host's)" [ -n "$pp" ]
		[ -n "$pp" ] && kill -KILL $pp
		touch "$WS/go"
		wait $bg
		OUT=$(cat "$B/kill.out")
		check "[$t] the banner names the mode, the patterns and the proxy" \
			has "sbxsh: network: domains, 5 allowed patterns, proxy http://127.0.0.1:"
		check "[$t] after the proxy died: the server got nothing" nogot "id=afterkill-$t"
		check "[$t] ... and the session says it has no network now" \
			has "sbxsh: network: the proxy has ended"
		check "[$t] ... and went on" has END
	done
done

# Controls: on reaches the server directly; off reaches nothing, and says
# why.
WS=$H/ws-ctl
mkdir -p "$WS"
chown -R 0 "$H"
# At a terminal too: the proxy said what it refused, no stderr to read.
if command -v script >/dev/null; then
	OUT=$(cd "$WS" && env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$H/state" TERM=dumb \
		script -qec "$SBXSH --no-config --allow-domain allowed.test:8080 -c 'curl -sS --max-time 5 http://other.test:8080/hello?id=tty'" /dev/null 2>&1)
	check "at a terminal: the refusal's line" has "${D}other.test:8080 ("
	check "... and the server got nothing" nogot "id=tty"
else
	skip_case_for script "no script(1) for a terminal"
fi

OUT=$(sbx root landlock --network on "curl -sS --max-time 5 http://$UP:8080/hello?id=on-ctl")
check "--network on: the host's network, the server reached directly" got "/hello?id=on-ctl"
OUT=$(sbx root landlock --network off "curl -sS --max-time 5 http://$UP:8080/hello?id=off-ctl")
check "--network off: nothing reached" nogot "id=off-ctl"
check "--network off: its line" has "${D}(--network off) — policy why --net"
OUT=$(sbx root landlock --no-network "curl -sS --max-time 5 http://$UP:8080/hello?id=nonet-ctl")
check "--no-network is still --network off" has "${D}(--network off)"
OUT=$(cd "$WS" && "$SBXSH" --no-config --network domains --allow-domain 'a..b' -c 'echo RAN' 2>&1)
check "a bad pattern refuses the session, saying which" \
	eval '! has RAN && has "--allow-domain a..b (flag): "'
# The configuration's [network] section: the rules come from the file,
# each shown with its line, and the session goes by them.
printf '[network]\nmode = domains\nallow = allowed.test:8080\ndeny = bad.allowed.test\n' >"$B/net.cfg"
OUT=$(cd "$WS" && env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$H/state" "$SBXSH" \
	--config "$B/net.cfg" -c 'policy; curl -sS --max-time 5 http://allowed.test:8080/hello?id=cfg-ctl; curl -sS --max-time 5 http://bad.allowed.test:8080/hello?id=cfgbad-ctl' 2>&1)
check "[network] in the file: each rule with its file and line" \
	eval 'has "network: domains (1 allowed pattern;" && has "allow  allowed.test:8080" && has "[config $B/net.cfg:3]" && has "[config $B/net.cfg:4]"'
check "... the allowed name reached" got "/hello?id=cfg-ctl"
check "... the denied one not, and said" \
	eval '! got "id=cfgbad-ctl" && has "${D}bad.allowed.test:8080 ("'
# --network registries: the group, named as where it came from
OUT=$(cd "$WS" && "$SBXSH" --no-config --network registries --print-policy --json 2>&1)
check "--network registries: @registries allowed, from --network registries" \
	has '{"pattern": "@registries", "action": "allow", "from": "--network registries"}'

# --backend none (no confinement) cannot keep a job inside the namespace:
# refused, nothing run, the server got nothing (tests/integration/
# net_none.sh has every way of asking). The control of the nsenter case
# above: an unconfined root job in a namespace with loopback alone (as
# the session's) leaves it by nsenter and reaches the server, so that
# case's "nothing" is the backend's doing.
OUT=$(sbx root none "${RULES[@]}" "
	echo NONE-RAN; curl -sS --max-time 5 --noproxy '*' http://$UP:8080/hello?id=none-direct")
check "--backend none with domains: refused, one line naming the alternatives" \
	eval 'has "cannot be kept with --backend none" && has "--backend landlock or --backend namespace" && ! has NONE-RAN'
check "... the server got nothing" nogot "id=none-direct"
OUT=$(cd "$WS" && env -i HOME="$H" PATH="$PATH" XDG_STATE_HOME="$H/state" unshare -n \
	"$SBXSH" --no-config --backend none -c "
	curl -sS --max-time 3 --noproxy '*' http://$UP:8080/hello?id=unsh-direct
	nsenter -t $$ -n curl -sS --max-time 3 --noproxy '*' http://$UP:8080/hello?id=nsenter-none" 2>&1)
check "control: unconfined, a root job in a loopback-only namespace has no way out directly" \
	nogot "id=unsh-direct"
check "... but nsenter into this test's namespace reaches the server" \
	got "/hello?id=nsenter-none"

# Where no network namespace can be had (an sbxsh inside a session, whose
# filter refuses unshare): refused, one line, nothing run; never the
# host's network.
OUT=$(sbx root landlock --network on "\"$SBXSH\" --no-config --allow-domain allowed.test:8080 -c 'echo INNER-RAN; curl -sS --noproxy \"*\" --max-time 5 http://$UP:8080/hello?id=nested'; echo rc=\$?")
check "no network namespace: domains refuses to start, saying why" \
	eval 'has "no network namespace here" && has rc=125 && ! has INNER-RAN'
check "... and nothing went out" nogot "id=nested"
tap_done
