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
tap_done
