#!/usr/bin/python3
"""pty: the end-of-session git report of an interactive session (docs/design.md §2b)
comes on `exit`, on Ctrl-D and when SIGHUP ends the shell; it says
nothing when nothing changed.

With a mount layer (the default here) git's hooks and config cannot
change, but a repository created during the session can carry hooks and
config: `git init new` plus an alias is reported. Without one (unshare made
to fail under strace: root only), a planted hook is not stopped, and is
reported. Prints TAP; exit 77 = skip."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import NO_UNSHARE, Sh, done, ok, text, wrapped  # noqa: E402
from strict import skip_all  # noqa: E402

import pexpect  # noqa: E402  (ptyhelp made sure it is there)

if not shutil.which("git"):
    skip_all("git", "no git")
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
           "GIT_CONFIG_NOSYSTEM": "1"}


def repo_root():
    """A temp root whose workspace (root/demo) is a git repository."""
    root = tempfile.mkdtemp(prefix="sbx-ptygit-")
    ws = os.path.join(root, "demo")
    os.makedirs(ws)
    env = dict(os.environ, **GIT_ENV)
    subprocess.run(["git", "init", "-q", ws], check=True, env=env)
    return root


def session(**kw):
    s = Sh.start(root=repo_root(), env=GIT_ENV, **kw)
    return s


def until_eof(s, timeout=15):
    try:
        s.c.expect(pexpect.EOF, timeout=timeout)
    except pexpect.TIMEOUT:
        return None
    return text(s.c.before)


NEW_REPO = "git init -q new && git -C new config alias.st '!touch x'"
REPORT_NEW = "has a non-default config (alias.st)"

# --- with the mount layer ---------------------------------------------------
s = session()
s.run(NEW_REPO)
s.send("exit\r")
t = until_eof(s)
ok(t is not None and "sbxsh: git: new repository " + s.ws + "/new (created "
   "during the session)" in t and REPORT_NEW in t,
   "exit: the new repository's alias is reported", t)
s.cleanup()

s = session()
out, st = s.run("echo x > .git/hooks/pre-commit; git status >/dev/null")
ok(not os.path.exists(os.path.join(s.ws, ".git/hooks/pre-commit")),
   "the hook was not planted (mount layer)", text(out))
s.ctrl("d")
t = until_eof(s)
ok(t is not None and "sbxsh: git:" not in t,
   "Ctrl-D after nothing changed: no report", t)
s.cleanup()

s = session()
s.run(NEW_REPO)
s.c.kill(signal.SIGHUP)
t = until_eof(s)
ok(t is not None and REPORT_NEW in t, "SIGHUP: the report comes before the "
   "shell dies of it", t)
s.cleanup()

# --- without a mount layer: checker-only ------------------------------------
wrap = wrapped("no mount layer", NO_UNSHARE, "strace-inject")
if not wrap:
    done()
os.environ["SBXSH"] = wrap
HOOK = "printf '#!/bin/sh\\n' > .git/hooks/pre-commit"

for how in ("exit", "ctrl-d", "sighup"):
    s = session(backend="landlock")
    b = text(s.banner)
    if how == "exit":
        ok("git metadata: checker-only" in b,
           "no mount layer: the banner says checker-only", b)
    out, _ = s.run(HOOK)
    out, _ = s.run("echo $$")
    pid = int(text(out).strip().splitlines()[-1])
    if how == "exit":
        s.send("exit\r")
    elif how == "ctrl-d":
        s.ctrl("d")
    else:
        os.kill(pid, signal.SIGHUP)
    t = until_eof(s)
    ok(t is not None and "sbxsh: git: " + s.ws + "/.git/hooks/pre-commit was "
       "created during the session" in t,
       "no mount layer, %s: the planted hook is reported" % how, t)
    s.cleanup()
done()
