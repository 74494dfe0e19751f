#!/usr/bin/python3
"""pty: explained denials at a terminal (issue 13). A person at a terminal
gets a "sbxsh: denied:" line after a command the checker saw writing
outside the roots or reading a masked secret (the terminal itself is not
read back: docs/explain.md), after the command's own message, in both
backends; none after `false`, a missing file, or with set +o explain;
`policy why` and `policy cache` answer at the prompt. Control: the same
write with --backend none works and gets no line."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402

D = "sbxsh: denied: "
target = "/etc/sbx-pty-explain-%d" % os.getpid()
for be in ("landlock", "namespace"):
    s = Sh.start(backend=be)
    out, st = s.run("touch %s" % target)
    t = text(out)
    line = D + "write %s (outside sandbox_writable: read-only) — policy check %s" % (target, target)
    ok(line in t, be + ": touch outside the roots: its line", t)
    ok(t.find("touch:") >= 0 and t.find(line) > t.find("touch:"),
       be + ": ... after touch's own message", t)
    ok(st != 0 and not os.path.exists(target), be + ": ... and nothing was made", t)
    out, st = s.run("cat ~/.ssh/id_rsa")
    ok(D + "read " in text(out) and "(masked secret: ssh)" in text(out),
       be + ": a masked secret: its line", out)
    out, st = s.run("false; cat nothere")
    ok(D not in text(out) and st != 0, be + ": no line after false or a missing file", out)
    out, st = s.run("set +o explain; touch %s" % target)
    ok(D not in text(out), be + ": set +o explain: no line", out)
    out, st = s.run("set -o explain; set -o | grep denials")
    ok("denials" in text(out) and "on" in text(out), be + ": set -o shows it on again", out)
    out, st = s.run("policy why --read ~/.ssh/id_rsa")
    ok("masked-secret" in text(out) and st == 1, be + ": policy why, a masked secret", out)
    out, st = s.run("policy cache")
    ok(".sandbox-cache" in text(out) and st == 0, be + ": policy cache lists", out)
    s.cleanup()

s = Sh.start(backend="none")
out, st = s.run("touch %s; echo rc=$?" % target)
ok(os.path.exists(target) and D not in text(out), "control: --backend none writes it, no line", out)
if os.path.exists(target):
    os.unlink(target)
s.cleanup()
done()
