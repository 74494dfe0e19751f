#!/usr/bin/python3
"""pty, as an agent harness drives it: `--check writes` flags only what
will be refused, so a command's output between its OSC 133 marks holds no
checker line for reads that work (`cd /etc`, `[ -d /etc ]`, `ls /etc`),
and still one for a write outside the roots and for a masked secret; the
line still runs (nothing was created: seen from outside). `set -o
check=writes` switches a session to it and `set -o` shows it. Control:
the default mode (warn) gives the same read a note, never a scope: line.
An --agent session without --check is in writes mode (issue 23): `cd
/etc`, `[ -d /etc ]`, `ls /nonexistent` print nothing between its marks,
and a write outside is still flagged."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402

s = Sh.start(args=["--check", "writes"])
probe = "/etc/sbx-check-writes-%d" % os.getpid()
for line in ("cd /etc && cd -", "[ -d /etc ] && echo dir", "ls /etc >/dev/null"):
    out, st = s.run(line)
    ok(st == 0 and "scope:" not in text(out) and "sbxsh:" not in text(out),
       "--check writes: `%s` gets no checker line" % line, out)
out, st = s.run("echo x > %s" % probe)
ok(("scope: write to %s will be denied" % probe) in text(out) and st != 0
   and not os.path.exists(probe),
   "--check writes: a write outside is flagged, runs, and is refused "
   "(seen from outside)", out)
os.makedirs(os.path.join(s.home, ".ssh"), exist_ok=True)
out, st = s.run("cat ~/.ssh/id_rsa")
ok("masked secret" in text(out) and "scope:" in text(out),
   "--check writes: a masked secret is flagged", out)
out, st = s.run("set -o | grep check")
ok(re.search(r"check\s+writes", text(out)), "set -o shows check writes", out)
s.run("set -o check=warn")
out, st = s.run("[ -d /etc ] && echo dir")
ok("sbxsh: note: reading /etc is allowed (outside the workspace: read-only)"
   in text(out) and "scope:" not in text(out),
   "control: in warn mode the same read gets a note, not a scope: line", out)
s.run("set -o check=writes")
out, st = s.run("[ -d /etc ] && echo dir")
ok("sbxsh:" not in text(out), "set -o check=writes: quiet again", out)
s.cleanup()

# --agent without --check (issue 23): reads that work print nothing
# between the marks, what will be refused still gets its scope: line.
s = Sh.start()
out, st = s.run("set -o | grep check")
ok(re.search(r"check\s+writes", text(out)),
   "--agent: the check mode defaults to writes", out)
for line in ("cd /etc && cd -", "[ -d /etc ] && echo dir",
             "ls /nonexistent-%d" % os.getpid()):
    out, st = s.run(line)
    ok("sbxsh: scope:" not in text(out) and "sbxsh: note:" not in text(out),
       "--agent: `%s` gets no checker line in its output" % line, out)
out, st = s.run("echo x > %s" % probe)
ok(("scope: write to %s will be denied" % probe) in text(out) and st != 0
   and not os.path.exists(probe),
   "--agent: a write outside is still flagged and refused (seen from "
   "outside)", out)
s.cleanup()
done()
