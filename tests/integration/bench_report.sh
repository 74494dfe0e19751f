#!/usr/bin/env bash
# tests/bench/report.py turns the benchmarks' output into the report:
# fed the raw output committed with docs/bench/REPORT.md, it writes a
# report with every section and six PNG plots; fed an output with one
# figure missing, it fails and names the line it wanted instead of
# writing a report with a hole. (Timing is never done here: report.sh
# runs the benchmarks, by hand.) TAP output.
set -u
SRC=${SBXSH_SRC:?set SBXSH_SRC to the source tree}
. "$(dirname "$0")/lib/tap.bash"
command -v gnuplot >/dev/null || skip_all_for gnuplot "gnuplot is not installed"
tmp=$(mktemp -d /tmp/sbxsh-report.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/ok" && cp -r "$SRC/docs/bench/raw" "$tmp/ok/"
OUT=$(python3 "$SRC/tests/bench/report.py" "$tmp/ok" 2>&1)
check "report.py reads the committed raw output" test $? = 0
for s in "Start-up" "Per command" "The language" "First prompt and memory" \
	"The scope checker" "Masking the credential files" "Protecting git metadata"; do
	check "the report has its '$s' section" grep -q "^## $s" "$tmp/ok/REPORT.md"
done
for p in startup per-command loops first-prompt memory checker; do
	check "$p.png is a PNG image" eval \
		'[ "$(head -c 8 "$tmp/ok/$p.png" | od -An -tx1 | tr -d " \n")" = 89504e470d0a1a0a ]'
done
check "the committed report is what report.py makes of its raw output" \
	cmp -s "$tmp/ok/REPORT.md" "$SRC/docs/bench/REPORT.md"
# The control: the start-up figure of sbxsh gone from bench-session's output.
mkdir -p "$tmp/bad" && cp -r "$SRC/docs/bench/raw" "$tmp/bad/"
sed -i '/^  sbxsh -c true /d' "$tmp/bad/raw/session.txt"
OUT=$(python3 "$SRC/tests/bench/report.py" "$tmp/bad" 2>&1)
rc=$?
check "control: a missing figure fails the report, naming it" eval \
	'[ $rc != 0 ] && printf "%s" "$OUT" | grep -q "sbxsh -c true" && [ ! -e "$tmp/bad/REPORT.md" ]'
# The Network section (report_net.py), made only when bench-network.sh
# and bench-proxy.sh ran (report.sh as root): lines as they print them.
mkdir -p "$tmp/net" && cp -r "$SRC/docs/bench/raw" "$tmp/net/"
cat >"$tmp/net/raw/network.txt" <<'EOF2'
on        median 8.36 ms  mean 8.65 ms  min 3.15 ms
domains   median 10.71 ms  mean 10.69 ms  min 4.61 ms
bwrap-net median 9.56 ms  mean 10.21 ms  min 3.86 ms
EOF2
cat >"$tmp/net/raw/proxy.txt" <<'EOF2'
200 MiB download, median of 3, in turns:
  direct              0.123 s     1624 MiB/s  1.00x of direct  proxy CPU 0.000 s
  proxy, plain HTTP   0.322 s      622 MiB/s  0.38x of direct  proxy CPU 0.030 s
  proxy, CONNECT      0.542 s      369 MiB/s  0.23x of direct  proxy CPU 0.050 s
200 concurrent CONNECT tunnels echoing 64 KiB: 200 ok in 0.220 s
proxy memory: VmHWM: 3100 kB, VmRSS: 3100 kB
EOF2
OUT=$(python3 "$SRC/tests/bench/report.py" "$tmp/net" 2>&1)
check "with the network benchmarks' output: the Network section, side by side" eval \
	'grep -q "^## Network" "$tmp/net/REPORT.md" && grep -q "| 8.36 ms | 10.71 ms | 9.56 ms | domains/on 1.28x" "$tmp/net/REPORT.md" && grep -q "0.23x of direct | >= 0.8x: \*\*missed\*\*" "$tmp/net/REPORT.md"'
check "without them (not root): no Network section" eval '! grep -q "^## Network" "$tmp/ok/REPORT.md"'
sed -i '/proxy, CONNECT/d' "$tmp/net/raw/proxy.txt"
rm -f "$tmp/net/REPORT.md"
OUT=$(python3 "$SRC/tests/bench/report.py" "$tmp/net" 2>&1)
rc=$?
check "control: the CONNECT figure missing fails the report, naming it" eval \
	'[ $rc != 0 ] && printf "%s" "$OUT" | grep -q "proxy, CONNECT" && [ ! -e "$tmp/net/REPORT.md" ]'
tap_done
