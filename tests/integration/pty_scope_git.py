#!/usr/bin/python3
"""pty, as a person types it: git's writers that take a path are judged as
writes by the scope checker, so `--check deny` stops them before they run
and the flag says "write to ... will be denied" (it called them reads that
would work, and the kernel then refused the write): `git worktree add`,
`git worktree move`, `git archive -o`; `git clone DIR` as before.
Checked from outside: nothing was created. Controls: the same worktree
inside the workspace runs (status 0, the folder exists), and a read
outside (`git log /outside`) is not called a write."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402
from ptyhelp import Sh, done, ok, text  # noqa: E402

if subprocess.run(["sh", "-c", "command -v git"], capture_output=True).returncode:
    strict.skip_all("git", "no git")

s = Sh.start(args=["--check", "deny"])
outside = os.path.join(s.root, "outside")
os.makedirs(outside)
g = ["git", "-C", s.ws, "-c", "user.name=t", "-c", "user.email=t@t"]
subprocess.run(g + ["init", "-q"], check=True)
subprocess.run(g + ["commit", "-q", "--allow-empty", "-m", "x"], check=True)

for line, path in (
        ("git worktree add -b f1 %s/wt1" % outside, outside + "/wt1"),
        ("git worktree add %s/wt2 HEAD" % outside, outside + "/wt2"),
        ("git archive -o %s/a.tar HEAD" % outside, outside + "/a.tar"),
        ("git clone . %s/c" % outside, outside + "/c")):
    out, st = s.run(line)
    t = text(out)
    ok(st == 126 and ("write to %s will be denied" % path) in t and
       not os.path.exists(path),
       "`%s`: flagged as a write, refused before it ran, nothing made "
       "(seen from outside)" % line.replace(outside, "/outside"), t)

out, st = s.run("git log --oneline -1 -- %s" % outside)
ok("write to" not in text(out) and "outside the workspace" in text(out),
   "control: a read outside is flagged as a read", out)
s.close()

s = Sh.start(root=s.root)
out, st = s.run("git worktree add -q -b f2 wt-in HEAD")
ok(st == 0 and os.path.isdir(os.path.join(s.ws, "wt-in")) and
   "scope:" not in text(out),
   "control: a worktree inside the workspace runs, unflagged", out)
s.cleanup()
done()
