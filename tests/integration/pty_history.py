#!/usr/bin/python3
"""pty: per-workflow history survives kill -9, is shared between two
sessions, keeps multi-line commands whole, and `history` lists it."""
import os
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import B_MARK, Sh, done, history_file, ok, text  # noqa: E402

UP = "\x1b[A"

s = Sh.start()
root = s.root
marker = "hist-%d" % os.getpid()
s.run("echo %s-one" % marker)
s.run("echo %s-two" % marker)
s.run("echo %s-two" % marker)          # a repeat: stored once (H_SETUNIQUE)
s.send("if true\r")
s.c.expect_exact(">")
s.prompt()
s.run("then echo %s-ml; fi" % marker)
# No exit, no flush: SIGKILL right after the last Enter.
s.close(sig=signal.SIGKILL)

hfile = history_file(s)  # --agent: the workspace's agent file
ok(os.path.exists(hfile), "history file in $XDG_STATE_HOME/sbxsh/<workflow>-<path hash>.agent.history", hfile)
ok(os.path.exists(hfile) and (os.stat(hfile).st_mode & 0o777) == 0o600,
   "history file is private (0600)")
ok(not os.path.exists(os.path.join(s.ws, ".sandbox-cache", "demo.history")),
   "nothing of history in the workspace")

s2 = Sh.start(root=root)
s2.send(UP)
out, st = s2.run("")
ok("%s-ml" % marker in text(out), "a multi-line entry comes back whole after kill -9", out)
s2.send(UP + UP)
out, st = s2.run("")
ok(text(out) == "%s-two\n" % marker, "older entry recalled (repeats stored once)", out)
out, st = s2.run("history")
t = text(out)
ok(t.count("%s-two" % marker) == 2 and "%s-one" % marker in t,
   "history lists the entries (the recalled one again)", t)
ok(t.count("%s-one" % marker) == 1, "history: one line per entry", t)
out, st = s2.run("history 1")
out, st = s2.run("history 2")
lines = text(out).strip().splitlines()
ok(len(lines) == 2 and lines[1].endswith("history 2") and lines[0].endswith("history 1"),
   "history N lists the last N (itself included, as bash does)", out)
# The user's own fd 3 must not land on the history file.
out, st = s2.run("exec 3>fd3.txt; echo to-three >&3; exec 3>&-")
out, st = s2.run("echo after-fd3-%s" % marker)
h = open(hfile).read()
ok("after-fd3-%s" % marker in h and "to-three" not in h.splitlines(),
   "exec 3>file leaves the history fd alone", h[-300:])
f3 = os.path.join(s2.ws, "fd3.txt")
ok(os.path.exists(f3) and open(f3).read() == "to-three\n", "fd 3 went to the file", out)
# Inside the sandbox the history file is not writable.
if Sh.BACKEND != "none":
    out, st = s2.run("echo evil-%s >> '%s'" % (marker, hfile))
    ok(st != 0 and ("evil-%s" % marker) not in open(hfile).read().splitlines(),
       "a command cannot write the history file", out)
out, st = s2.run("history x")
ok(st == 2, "history: usage error is status 2", out)

# Two sessions at once: each appends; a new session sees both.
s3 = Sh.start(root=root)
s2.run("echo from-a-%s" % marker)
s3.run("echo from-b-%s" % marker)
s2.close()
s3.close()
s4 = Sh.start(root=root)
out, st = s4.run("history")
t = text(out)
ok("from-a-%s" % marker in t and "from-b-%s" % marker in t,
   "two concurrent sessions: a new one loads both", t)
s4.cleanup()
done()
