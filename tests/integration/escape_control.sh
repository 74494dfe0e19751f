#!/bin/bash
# The escape battery's control run (tests/kernel/escape_lib.bash): the same
# cases with --backend none, as root and as nobody. Every attack must then
# WORK, and what must keep working must still work: a case whose evidence
# holds even without a sandbox could never fail, and fails here instead.
BACKEND=none
ESCAPE_CONTROL=1
. "${SBXSH_SRC:-$(dirname "$0")/../..}/tests/kernel/escape_lib.bash"

escape_main scope_cases
