#!/bin/bash
# tests/integration/lib/recap.sh INTERPRETER TEST: runs one integration
# test as CTest does and, when it fails, repeats its "not ok" lines (with
# the "#" lines under them) after everything else it printed. Why: a
# failure on a machine we cannot reach (CI) is often shown to us only as
# the tail of the output, and a test of 150 checks ends with its passes.
# The test's own exit status is kept (77 = skipped stays 77).
# With $SBXSH_TEST_CPU_LOG it also notes the test's CPU seconds
# (lib/cpuacct.bash), named $SBXSH_CPU_NAME or the test file's name,
# and the tree (CTest runs a test in its build folder).
. "$(dirname "$0")/cpuacct.bash"
out=$(mktemp "${TMPDIR:-/tmp}/sbxsh-recap.XXXXXX") || exit 1
trap 'rm -f "$out"' EXIT
cpu_begin "${SBXSH_CPU_NAME:-$(basename "${!#}")}@$(basename "$PWD")"
"$@" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
cpu_end
if [ "$rc" != 0 ] && [ "$rc" != 77 ]; then
	echo "# recap: $(basename "${!#}") exited $rc; its failed checks:"
	awk '/^not ok/ { keep = 1; print; next }
	     keep && /^#/ { print; next }
	     { keep = 0 }' "$out"
fi
exit "$rc"
