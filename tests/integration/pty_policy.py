#!/usr/bin/python3
"""pty: the banner's sandbox_writable line; the scope checker before each
interactive line (warn: the flag comes before the command's output; deny:
nothing of the line runs); the policy builtin."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402

# --check warn: an --agent session's default is writes (issue 23), and
# this is the ordering of warn mode's line before the command's output.
s = Sh.start(args=("--check", "warn"))
b = text(s.banner)
m = re.search(r"^sandbox_writable: \[(.*)\]$", b, re.M)
ok(m is not None and s.ws in m.group(1).split(", "),
   "banner: sandbox_writable line lists the workspace", b)
ok(re.search(r"^sandbox_writable: .*\nwritable: the workspace, persistent tooling, "
             r"this session's run folder \(TMPDIR\), .*devices; everything else is read-only\.$",
             b, re.M) is not None,
   "banner: the sentence follows", b)
ok(re.search(r"^sbxsh \S+: workflow demo, backend \S+", b, re.M) is not None,
   "banner: version, workflow, backend", b)

out, st = s.run("cat /etc/passwd")
t = text(out)
flag = t.find("sbxsh: note: reading /etc/passwd is allowed (outside the workspace")
body = t.find("root:")
ok(flag >= 0 and body > flag, "warn mode: the flag comes before the file's output", t)
ok(st == 0, "warn mode: the command still runs", t)

out, st = s.run("policy check /etc/passwd")
ok("writable:  no" in text(out) and st == 1, "policy check: read-only path", out)
out, st = s.run("policy check .")
ok("writable:  yes" in text(out) and st == 0, "policy check: the workspace", out)
out, st = s.run("policy explain 'echo x > /etc/motd'")
ok("/etc/motd" in text(out) and st == 1, "policy explain flags a write", out)
out, st = s.run("policy")
ok("sandbox_writable: [" in text(out), "policy: summary", out)
out, st = s.run("policy --json")
ok(text(out).lstrip().startswith("{"), "policy --json", out)
s.cleanup()

s = Sh.start(args=("--check", "deny"))
out, st = s.run("echo ran-it > /etc/sbx-denied-%d; echo also-ran" % os.getpid())
t = text(out)
ok("sbxsh: scope:" in t and "also-ran" not in t, "deny mode: no part of the line runs", t)
ok(st == 126, "deny mode: status 126", st)
s.cleanup()
done()
