#!/bin/bash
# Git metadata stays read-only (docs/design.md §2b, issue 16), checked from
# OUTSIDE the sandbox with real git, under both Linux backends, as root and as
# nobody (setpriv, inside a user namespace):
#   - a hook planted in an existing hooks/ and in a missing one (sbxsh
#     made it empty first); .git/config changed by `git config`, by `>>`,
#     and by `git -C a/sub config` in a repository two levels down; a
#     submodule's config and its .git file; `mv .git` (pinned: EBUSY):
#     every file as it was (content, inode, mtime, ctime), no hook;
#   - the checker flags each of those writes as protected;
#   - add, commit, branch, checkout -b, stash, rebase, fetch from a local
#     remote and gc work in an ordinary repository workspace;
#   - from a linked worktree: add, commit, checkout -b and stash work
#     (the commit lands in the main repository), while the main
#     repository's hooks and config stay unchanged;
#   - the scan cache: a repository made outside in a folder two levels
#     down that existed is not held in the next session but reported at
#     its end, and held from then on; a job's `git init` there is held in
#     the next session; a cache that does not parse means a full scan;
#   - controls: the same writes with --backend none do change the files
#     (the checks can fail), and without a mount layer (unshare made to
#     fail with strace) the banner says "git metadata: checker-only", the
#     hook gets through, and the end-of-session report names it, a new
#     repository with hooks or config, and still speaks when SIGTERM
#     kills the shell, for -c, a script and commands on stdin alike; a
#     session that changed nothing says nothing (tests/integration/
#     pty_git_report.py: exit, Ctrl-D and SIGHUP of an interactive one).
# TAP; 77 = cannot run here (needs root, git, setpriv, strace).
set -u
SRC=${SBXSH_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
unset TMPDIR GIT_DIR GIT_WORK_TREE GIT_COMMON_DIR GIT_CONFIG_GLOBAL
# shellcheck source=lib/tap.bash
. "$SRC/tests/integration/lib/tap.bash"
not_ok_out() { not_ok "$@"; printf '%s\n' "$OUT" | sed 's/^/#   /' | head -20; }
ck() { local d=$1; shift; if "$@"; then ok "$d"; else not_ok_out "$d"; fi; }
has() { case $OUT in *"$1"*) return 0 ;; esac; return 1; }

[ -n "${SBXSH:-}" ] && [ -x "$SBXSH" ] || skip_all_for sbxsh "\$SBXSH is not set"
[ "$(id -u)" = 0 ] || skip_all_for root "needs root (to test as root and as nobody)"
command -v git >/dev/null || skip_all_for git "no git"
command -v setpriv >/dev/null || skip_all_for setpriv "no setpriv"
command -v sha256sum >/dev/null || skip_all_for root "no sha256sum (coreutils)"
strace -qq -o /dev/null -e inject=getpid:error=ENOSYS true 2>/dev/null ||
	skip_all_for strace-inject "strace cannot inject faults here"

B=$(mktemp -d /var/tmp/sbxgit.XXXXXX)
trap 'rm -rf "$B"' EXIT
chmod 755 "$B"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t \
	GIT_COMMITTER_EMAIL=t@t GIT_CONFIG_NOSYSTEM=1

run_as() { "${PRIV[@]}" env HOME="$H" PATH="$PATH" "$@"; }

# The repositories, made by the user who then works in them (git refuses
# a repository another user owns).
setup() { # root | nobody
	WHO=$1
	rm -rf "$B/u"
	mkdir -p "$B/u/home"
	H=$B/u/home
	if [ "$WHO" = nobody ]; then
		chown -R 65534:65534 "$B/u"
		PRIV=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	else
		PRIV=()
	fi
	run_as sh -ec '
		cd "$1"
		git init -q -b main subsrc && echo s >subsrc/s &&
			git -C subsrc add s && git -C subsrc commit -qm s
		git init -q --bare remote.git
		git init -q -b main ws && cd ws
		echo a >f && git add f && git commit -qm one
		mkdir a && git init -q -b main a/sub && echo x >a/sub/x &&
			git -C a/sub add x && git -C a/sub commit -qm x
		git -c protocol.file.allow=always submodule -q add ../subsrc mod
		git commit -qm mod
		git remote add origin ../remote.git
		git push -q origin main
		git worktree add -q ../feature -b feature
		cd .. && git init -q -b main nohooks && rm -rf nohooks/.git/hooks
	' sh "$B/u" || { not_ok "[$WHO] set-up"; return 1; }
	WS=$B/u/ws
}

# What a file is, seen from outside: inode, size, times, mode, content.
fp() {
	local f
	for f; do
		if [ -e "$f" ] || [ -L "$f" ]; then
			printf '%s %s %s\n' "$f" "$(stat -c '%i %s %Y %Z %a' "$f")" \
				"$(if [ -f "$f" ]; then sha256sum <"$f"; else ls -A "$f" | tr '\n' ' '; fi)"
		else
			printf '%s absent\n' "$f"
		fi
	done
}

protected_set() {
	# The git dir itself: the same folder (its contents change: lock
	# files come and go).
	stat -c '%i' "$WS/.git"
	fp "$WS/.git/config" "$WS/.git/hooks" \
		"$WS/a/sub/.git/config" "$WS/a/sub/.git/hooks" \
		"$WS/.git/modules/mod/config" "$WS/.git/modules/mod/hooks" \
		"$WS/mod/.git" "$WS/.git/hooks/pre-commit"
}

# sess BACKEND DIR CMD [sbxsh options...]: OUT, RC.
sess() {
	local be=$1 dir=$2 cmd=$3
	shift 3
	OUT=$(cd "$dir" && run_as "$SBXSH" --workspace "$dir" --backend "$be" \
		"$@" -c "$cmd" 2>&1 </dev/null)
	RC=$?
}

ATTACK='printf "#!/bin/sh\necho PWNED\n" > .git/hooks/pre-commit
chmod +x .git/hooks/pre-commit
git config core.fsmonitor "touch /tmp/pwned"
echo "[core] pager = evil" >> .git/config
git -C a/sub config core.fsmonitor evil
git -C mod config core.fsmonitor evil
echo "[alias] x = !evil" >> .git/modules/mod/config
echo "gitdir: /elsewhere" > mod/.git
mv .git .git.old
mkdir -p .git/hooks 2>/dev/null
true'

# One command a line: under set -e a failure inside an && list other
# than its last does not stop the script.
FLOWS='set -e
echo two >f2
git add f2
git commit -qm two
git branch b1
git checkout -q -b topic
echo three >f3
git add f3
git commit -qm three
echo wip >>f
git stash -q
git stash list | grep -q .
git stash pop -q
git checkout -q -- f
git checkout -q main
echo four >f4
git add f4
git commit -qm four
git checkout -q topic
git rebase -q main
git fetch -q origin
git gc -q
echo FLOWS-OK'

cases() { # BACKEND
	local be=$1 tag="[$WHO $1]" before after

	setup "$WHO" || return
	before=$(protected_set)
	sess "$be" "$WS" "$ATTACK"
	if [ "$RC" = 125 ] && [ "$WHO" = nobody ]; then
		skip_case_for userns "$tag: no user namespace here: ${OUT%%$'\n'*}"
		return
	fi
	after=$(protected_set)
	if [ "$before" = "$after" ]; then
		ok "$tag hooks, config (git config, >>, git -C two levels down), submodule config and .git file, .git itself: unchanged from outside"
	else
		not_ok "$tag hooks, config, submodule config and .git file, .git itself: unchanged from outside"
		diff <(echo "$before") <(echo "$after") | sed 's/^/#   /'
	fi
	ck "$tag no hook planted" [ ! -e "$WS/.git/hooks/pre-commit" ]
	ck "$tag .git was not renamed" [ ! -e "$WS/.git.old" ]
	ck "$tag the checker flagged the hook as protected" \
		has "write to $WS/.git/hooks/pre-commit will be denied (protected: git runs it outside the sandbox)"
	ck "$tag git config and git -C a/sub config flagged" \
		eval 'has "write to $WS/.git/config will be denied (protected:" &&
		      has "write to $WS/a/sub/.git/config will be denied (protected:"'
	ck "$tag nothing to report at the end: nothing got through" \
		eval '! has "sbxsh: git: "'

	sess "$be" "$WS" "$FLOWS"
	ck "$tag add, commit, branch, checkout -b, stash, rebase, fetch, gc work" \
		eval '[ "$RC" = 0 ] && has FLOWS-OK'
	ck "$tag ... and landed on disk" \
		eval 'run_as git -C "$WS" log --oneline topic | grep -q three'

	# A missing hooks/: made empty by sbxsh, so no job can create it.
	sess "$be" "$B/u/nohooks" 'mkdir -p .git/hooks; echo x > .git/hooks/pre-commit; true'
	ck "$tag missing hooks/: now an empty folder, no hook planted" \
		eval '[ -d "$B/u/nohooks/.git/hooks" ] && [ -z "$(ls -A "$B/u/nohooks/.git/hooks")" ]'

	# A linked worktree: git works there, the main repository's hooks and
	# config stay as they were.
	before=$(fp "$WS/.git/config" "$WS/.git/hooks" "$WS/.git/hooks/post-commit")
	sess "$be" "$B/u/feature" 'echo evil > ../ws/.git/hooks/post-commit
git config core.fsmonitor evil
echo "[core] pager = x" >> ../ws/.git/config
set -e
echo w >w
git add w
git commit -qm from-worktree
git checkout -q -b wt-topic
echo s >>w
git stash -q
git stash list | grep -q .
git stash pop -q
git pack-refs --all
git gc -q
echo WT-OK'
	after=$(fp "$WS/.git/config" "$WS/.git/hooks" "$WS/.git/hooks/post-commit")
	ck "$tag linked worktree: add, commit, checkout -b, stash, pack-refs, gc work" \
		eval '[ "$RC" = 0 ] && has WT-OK'
	ck "$tag linked worktree: the commit is in the main repository" \
		eval 'run_as git -C "$WS" log --oneline feature | grep -q from-worktree'
	ck "$tag linked worktree: the main repository's hooks and config unchanged" \
		[ "$before" = "$after" ]
	ck "$tag linked worktree: its common dir parts are git-common-dir roots" \
		eval 'sess "$be" "$B/u/feature" "policy --json" &&
		      has "\"path\": \"$WS/.git/objects\", \"reason\": \"git-common-dir\""'

	# Control: without a sandbox the very same writes get through.
	before=$(protected_set)
	sess none "$WS" 'printf "#!/bin/sh\n" > .git/hooks/pre-commit; git -C a/sub config core.fsmonitor evil'
	after=$(protected_set)
	ck "$tag control (--backend none): the hook and the config change do land" \
		eval '[ -e "$WS/.git/hooks/pre-commit" ] && [ "$before" != "$after" ]'
}

# Without a mount layer: unshare fails (strace), Landlock alone cannot
# hold a path inside the workspace.
checker_only() {
	local tag="[$WHO landlock, no mount layer]"

	setup "$WHO" || return
	OUT=$(cd "$WS" && strace -f -qq -o /dev/null -e inject=unshare:error=EPERM \
		"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$SBXSH" --workspace "$WS" \
		--banner -c 'printf "#!/bin/sh\n" > .git/hooks/pre-commit
git init -q newrepo && git -C newrepo config alias.st "!evil" &&
printf "#!/bin/sh\n" > newrepo/.git/hooks/post-checkout' 2>&1 </dev/null)
	RC=$?
	ck "$tag the banner says git metadata: checker-only" \
		has "sbxsh: git metadata: checker-only"
	ck "$tag the checker says it is not stopped" \
		has "write to $WS/.git/hooks/pre-commit is not stopped here but protected"
	ck "$tag the hook got through (nothing could stop it)" \
		[ -e "$WS/.git/hooks/pre-commit" ]
	ck "$tag the end-of-session report names the planted hook" \
		has "sbxsh: git: $WS/.git/hooks/pre-commit was created during the session (git runs it outside the sandbox): review it before running git in $WS outside the sandbox"
	ck "$tag ... and the new repository with a hook and an alias" \
		has "sbxsh: git: new repository $WS/newrepo (created during the session) has hooks (post-checkout) and a non-default config (alias.st)"

	# A script, and commands on stdin: the same report.
	printf 'printf "#!/bin/sh\\n" > .git/hooks/post-rewrite\n' >"$B/u/plant.sh"
	OUT=$(cd "$WS" && strace -f -qq -o /dev/null -e inject=unshare:error=EPERM \
		"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$SBXSH" --workspace "$WS" \
		"$B/u/plant.sh" 2>&1 </dev/null)
	ck "$tag a script: the report names its hook" \
		has "sbxsh: git: $WS/.git/hooks/post-rewrite was created during the session"
	rm -f "$WS/.git/hooks/post-rewrite"
	OUT=$(cd "$WS" && strace -f -qq -o /dev/null -e inject=unshare:error=EPERM \
		"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$SBXSH" --workspace "$WS" \
		<"$B/u/plant.sh" 2>&1)
	ck "$tag commands on stdin: likewise" \
		has "sbxsh: git: $WS/.git/hooks/post-rewrite was created during the session"

	# A linked worktree without the mount layer: its common dir is not
	# writable (nothing would hold its config), its own parts are.
	before=$(fp "$WS/.git/config")
	OUT=$(cd "$B/u/feature" && strace -f -qq -o /dev/null \
		-e inject=unshare:error=EPERM "${PRIV[@]}" env HOME="$H" \
		PATH="$PATH" "$SBXSH" --workspace "$B/u/feature" --banner -c '
echo "[alias] x = !evil" >> ../ws/.git/config
echo c >c && git add c && git commit -qm co && echo COMMIT-OK
git pack-refs --all || echo PACK-REFUSED' 2>&1 </dev/null)
	ck "$tag linked worktree: the common dir is not granted, and says so" \
		eval 'has "(git-common-dir): not writable without the mount layer" && has PACK-REFUSED'
	ck "$tag linked worktree: its config unchanged, commits still work" \
		eval '[ "$before" = "$(fp "$WS/.git/config")" ] && has COMMIT-OK'

	rm -f "$WS/.git/hooks/pre-commit" "$WS/.git/hooks/post-rewrite"
	OUT=$(cd "$WS" && strace -f -qq -o /dev/null -e inject=unshare:error=EPERM \
		"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$SBXSH" --workspace "$WS" \
		-c 'echo x >> .git/config; kill -TERM $$; echo not-reached' 2>&1 </dev/null)
	RC=$?
	ck "$tag killed by SIGTERM, the report comes first" \
		eval '[ "$RC" = 143 ] && has "sbxsh: git: $WS/.git/config was changed during the session" && ! has not-reached'

	OUT=$(cd "$WS" && strace -f -qq -o /dev/null -e inject=unshare:error=EPERM \
		"${PRIV[@]}" env HOME="$H" PATH="$PATH" "$SBXSH" --workspace "$WS" \
		-c 'git status >/dev/null; /bin/true; git -C a/sub log -1 >/dev/null' 2>&1 </dev/null)
	ck "$tag a session that changed nothing says nothing" \
		eval '! has "sbxsh: git:"'
}

# The scan cache (shell/session/gitscan.c): what it spares, the one thing it
# cannot see, and how that closes.
cache_flow() { # BACKEND
	local be=$1 tag="[$WHO $1 scan cache]" hook

	setup "$WHO" || return
	# Only a tree worth it gets a cache file (over 128 lookups).
	run_as sh -c 'for i in $(seq 150); do mkdir -p "$1/big/d$i"; done' \
		sh "$WS"
	run_as mkdir -p "$WS/top/mid" "$WS/top/mid2"
	sess "$be" "$WS" /bin/true # ends with a full scan: the cache
	if [ "$RC" = 125 ] && [ "$WHO" = nobody ]; then
		skip_case_for userns "$tag: no user namespace here"
		return
	fi
	ck "$tag written in sbxsh's state folder" \
		eval 'ls "$H"/.local/state/sbxsh/gitscan-* >/dev/null 2>&1'
	sess "$be" "$B/u/nohooks" /bin/true
	ck "$tag ... not for a small tree (a second workspace)" \
		eval '[ "$(ls "$H"/.local/state/sbxsh/ | grep -c gitscan-)" = 1 ]'
	# Outside, between sessions, in a folder two levels down that was
	# there: the cache cannot see it (top/ did not change).
	run_as git init -q "$WS/top/mid"
	hook=$WS/top/mid/.git/hooks/pre-commit
	sess "$be" "$WS" "printf '#!/bin/sh\n' > top/mid/.git/hooks/pre-commit"
	ck "$tag git init outside in an existing folder two levels down: not held in the next session (the documented gap) ..." \
		[ -e "$hook" ]
	ck "$tag ... but reported at its end" \
		has "sbxsh: git: new repository $WS/top/mid (created during the session) has hooks (pre-commit)"
	rm -f "$hook"
	sess "$be" "$WS" "printf '#!/bin/sh\n' > top/mid/.git/hooks/pre-commit; true"
	ck "$tag ... and held from the session after on (the full scan at the end rewrote the cache)" \
		[ ! -e "$hook" ]
	# A folder below the workspace that changed (a clone outside into a
	# new folder in it): walked again, its repository held.
	run_as git init -q "$WS/top/new"
	sess "$be" "$WS" "printf '#!/bin/sh\n' > top/new/.git/hooks/pre-commit; true"
	ck "$tag a repository made outside in a new folder: held in the next session (its parent changed)" \
		[ ! -e "$WS/top/new/.git/hooks/pre-commit" ]
	# A job's own git init in an existing folder: held next time.
	sess "$be" "$WS" "git init -q top/mid2"
	sess "$be" "$WS" "printf '#!/bin/sh\n' > top/mid2/.git/hooks/pre-commit; true"
	ck "$tag a job's git init in an existing folder: held from the next session on" \
		[ ! -e "$WS/top/mid2/.git/hooks/pre-commit" ]
	# A cache that does not parse: a full scan, nothing lost.
	for f in "$H"/.local/state/sbxsh/gitscan-*; do
		run_as sh -c 'printf "sbxsh-gitscan 1 0 0 /x\nd junk\n" > "$1"' sh "$f"
	done
	before=$(fp "$WS/a/sub/.git/config")
	sess "$be" "$WS" "git -C a/sub config core.fsmonitor evil; true"
	ck "$tag a cache of another workspace or garbage: a full scan (two levels down held)" \
		[ "$before" = "$(fp "$WS/a/sub/.git/config")" ]
}

for WHO in root nobody; do
	for be in landlock namespace; do
		cases "$be"
		cache_flow "$be"
	done
	checker_only
done

# What no mount can hold, in an ordinary session (root, landlock): a
# commondir a job creates in a plain git dir (git would read config from
# where it points), a config with another hard link (a bind holds the
# name, not the inode): both reported at the end.
WHO=root
setup root
sess landlock "$WS" 'echo ../../evil > .git/commondir'
ck "a commondir created in .git: not stopped, the checker says so ..." \
	has "write to $WS/.git/commondir is not stopped but protected (it tells git where the repository and its config are; reported when the session ends)"
ck "... and reported (git would take config from where it points)" \
	has "sbxsh: git: $WS/.git/commondir was created during the session (it tells git where the repository and its config are)"
rm -f "$WS/.git/commondir"
ln "$WS/.git/config" "$WS/cfg-link"
sess landlock "$WS" 'echo "[alias] x = !evil" >> cfg-link' --banner
ck "a config with another hard link: said at the start ..." \
	has "sbxsh: git: $WS/.git/config has 1 other hard link"
ck "... and its change through the other name reported" \
	has "sbxsh: git: $WS/.git/config was changed during the session"
rm -f "$WS/cfg-link"
# A worktree added in the session shares its repository's hooks, which
# were protected and watched: no news of it. A repository made and
# configured in the same line: its own config, no flag.
printf '#!/bin/sh\n' >"$WS/.git/hooks/pre-commit"
sess landlock "$WS" 'git worktree add -q wt2 && git init -q fresh && git -C fresh config alias.st "!x"'
ck "a worktree added in the session: nothing said of its repository's own hooks" \
	eval '[ "$RC" = 0 ] && ! has "new repository $WS/wt2"'
ck "git init X && git -C X config: no flag, and X reported with its alias" \
	eval '! has "scope: write to" && has "new repository $WS/fresh (created during the session) has a non-default config (alias.st)"'
rm -f "$WS/.git/hooks/pre-commit"

# What `policy`, --print-policy --json and --print-profile show (root).
WHO=root
setup root
OUT=$(cd "$WS" && "$SBXSH" --workspace "$WS" -c 'policy check .git/hooks/x' 2>&1)
ck "policy check .git/hooks/x names the rule" \
	eval 'has "rule:      protected $WS/.git/hooks (git-hooks: git runs them outside the sandbox)" && has "writable:  no"'
OUT=$("$SBXSH" --workspace "$WS" --print-policy --json 2>&1)
ck "--print-policy --json carries the protected paths" \
	eval 'has "\"git_metadata\": \"read-only\"" && has "{\"path\": \"$WS/.git/config\", \"reason\": \"git-config\""'
OUT=$("$SBXSH" --workspace "$WS" --print-profile bwrap 2>&1)
before_ro=${OUT%%"--ro-bind $WS/.git/hooks $WS/.git/hooks"*}
ck "--print-profile bwrap binds them read-only after the workspace" \
	eval '[ "$before_ro" != "$OUT" ] && case $before_ro in *"--bind $WS $WS "*) true ;; *) false ;; esac'
OUT=$("$SBXSH" --workspace "$WS" --print-profile seatbelt 2>&1)
ck "--print-profile seatbelt denies writes to them" \
	has "(deny file-write* (subpath \"$WS/.git/hooks\")"
echo orig >"$WS/.envrc"
OUT=$(cd "$WS" && "$SBXSH" --workspace "$WS" --protect .envrc --git-depth 1 \
	-c 'echo x > .envrc; git -C a/sub config core.pager x; policy --all' 2>&1)
ck "--protect .envrc: read-only, flagged" \
	eval '[ "$(cat "$WS/.envrc")" = orig ] && has "write to $WS/.envrc will be denied (protected: --protect)"'
ck "--git-depth 1: the repository two levels down is not looked for" \
	eval '! has "$WS/a/sub/.git/config" && has "scanned 1 folder below"'
tap_done
