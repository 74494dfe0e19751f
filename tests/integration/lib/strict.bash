# tests/integration/lib/strict.bash — SBXSH_TEST_STRICT: no silent
# downgrades (tests/README.md, "Strict mode").
#
# A test that cannot do what it is for on this machine (no Landlock, no
# user namespaces, no mount layer, no strace that injects, no go ...)
# normally says so and skips: exit 77 (CTest: skipped), or "ok # SKIP" for
# one case. That is right on a developer's odd machine and wrong in CI,
# where every one of those things is known to exist: there a skip hides a
# regression (a backend that stopped starting looks like "not available
# here"). With SBXSH_TEST_STRICT=1 (.ci/setup test exports it) each of
# those places FAILS instead, naming what was missing. A machine that
# really lacks one thing lists its name in SBXSH_TEST_ALLOW (space
# separated) and stays strict about everything else.
#
# Names used (keep tests/README.md in step): landlock, landlock-abi6,
# namespace, userns, mount-layer, seccomp, root, setpriv, strace-inject, sock-diag, sbxsh, harness,
# python3, pexpect, go, pip, npm, bwrap, cc, kernel-headers, vi, less,
# git, mandoc, groff, zsh, fish, bash-completion, dpkg-dev, gnuplot, lock,
# sbxsh-deb, script, loop, curl, netns, pipe-budget.

sbx_strict() { [ "${SBXSH_TEST_STRICT:-0}" = 1 ]; }

# may_skip NAME: true when a test may skip for lacking NAME here.
may_skip() {
	sbx_strict || return 0
	case " ${SBXSH_TEST_ALLOW:-} " in *" $1 "*) return 0 ;; esac
	return 1
}

# strict_why NAME WHY: the one line a strict failure prints.
strict_why() {
	printf 'strict mode: %s (needs "%s": install or enable it, or add it to SBXSH_TEST_ALLOW)' "$2" "$1"
}

# skip_all_for NAME WHY: the whole test cannot run here. Exit 77, or in
# strict mode one failed case and exit 1.
skip_all_for() {
	if may_skip "$1"; then
		echo "1..0 # SKIP $2"
		exit 77
	fi
	echo "not ok 1 - $(strict_why "$1" "$2")"
	echo "1..1"
	exit 1
}

# skip_case_for NAME WHY: one case cannot run here. Uses the test's own
# ok/not_ok (every TAP script here defines them), and its skip when it has
# one (the escape battery counts its skips).
skip_case_for() {
	if may_skip "$1"; then
		if declare -F skip >/dev/null; then skip "$2"; else ok "# SKIP $2"; fi
	else
		not_ok "$(strict_why "$1" "$2")"
	fi
}
