#!/usr/bin/python3
"""pty: TAB completion as typed: a tool installed into .sandbox-cache/bin
by the previous command completes at once; a file name with a space is
quoted; double TAB lists; $VARIABLES; policy subcommands."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402

s = Sh.start()
tool = "zqxtool%d" % os.getpid()
# Warm the cache first, so the test proves the rescan on change.
s.send("zqx\t")
time.sleep(0.3)
s.ctrl("u")
s.run("")
out, st = s.run("mkdir -p .sandbox-cache/bin && printf '#!/bin/sh\\necho ran-%s\\n' > "
                ".sandbox-cache/bin/%s && chmod +x .sandbox-cache/bin/%s" % (tool, tool, tool))
ok(st == 0, "installed a tool into .sandbox-cache/bin", out)
s.send("zqxt\t")
out, st = s.run("")
ok("ran-%s" % tool in text(out), "the new tool completes (and runs) at once", out)

# A file name with a space and a quote.
with open(os.path.join(s.ws, "my report.txt"), "w") as f:
    f.write("spaced-content\n")
with open(os.path.join(s.ws, "it's.txt"), "w") as f:
    f.write("quoted-content\n")
s.send("cat my\t")
out, st = s.run("")
ok(text(out) == "spaced-content\n", "file name with a space completed and quoted", out)
s.send("cat it\t")
out, st = s.run("")
ok(text(out) == "quoted-content\n", "file name with a quote completed and quoted", out)
s.send("cat 'my r\t")
out, st = s.run("")
ok(text(out) == "spaced-content\n", "completion inside an open quote closes it", out)

# Double TAB lists the candidates.
os.makedirs(os.path.join(s.ws, "dd"))
for n in ("alpha1", "alpha2"):
    open(os.path.join(s.ws, "dd", n), "w").close()
s.send("ls dd/al\t\t")
i = s.c.expect([r"alpha1\s+alpha2", "TIMEOUT"], timeout=5)
ok(i == 0, "double TAB lists the candidates", s.c.before)
s.prompt()  # the prompt is drawn again under the list
s.ctrl("u")
s.run("")

# $HOM: $HO is ambiguous in bash's language ($HOME, $HOSTNAME)
s.send("echo $HOM\t")
out, st = s.run("")
ok(text(out).strip().splitlines()[-1] == s.home, "$VARIABLE completion", out)

s.run("zzfunc_one() { echo from-func; }")
s.send("zzfunc_o\t")
out, st = s.run("")
ok(text(out) == "from-func\n", "function names complete", out)

s.send("policy ex\t'cat /etc/passwd'")
out, st = s.run("")
ok("/etc/passwd" in text(out), "policy subcommand completion", out)
s.cleanup()
done()
