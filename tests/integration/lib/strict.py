"""SBXSH_TEST_STRICT for the Python tests: the twin of lib/strict.bash
(tests/README.md, "Strict mode"). Where a test would skip, or quietly run
with less than it is for (the pty helper falling back to --backend none),
strict mode makes it fail instead, naming what was missing; names listed
in SBXSH_TEST_ALLOW may still be skipped."""
import os
import sys


def strict():
    return os.environ.get("SBXSH_TEST_STRICT", "0") == "1"


def may_skip(name):
    """True when a test may skip (or downgrade) for lacking |name|."""
    return not strict() or name in os.environ.get("SBXSH_TEST_ALLOW", "").split()


def why(name, text):
    return ('strict mode: %s (needs "%s": install or enable it, or add it '
            "to SBXSH_TEST_ALLOW)" % (text, name))


def skip_all(name, text):
    """The whole test cannot run here: exit 77, or fail in strict mode."""
    if may_skip(name):
        print("1..0 # SKIP %s" % text)
        sys.exit(77)
    print("not ok 1 - " + why(name, text))
    print("1..1")
    sys.exit(1)


def fail_fast():
    """After a "not ok": with SBXSH_TEST_FAIL_FAST=1 (tests/mutate.sh sets
    it for a mutant's tests: one failure is the verdict) the test ends
    here, its exit handlers run, instead of spending the timeouts of the
    checks after it (a mutated proxy made proxy_rules.py wait 60-170 s
    where it passes in 14). The twin of lib/tap.bash's not_ok."""
    if os.environ.get("SBXSH_TEST_FAIL_FAST") == "1":
        print("# fail-fast: the test ends at its first failure", flush=True)
        sys.exit(1)
