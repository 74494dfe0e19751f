#!/usr/bin/python3
"""pty: bash's `**` (shopt -s globstar) walks the shell's own directory
reads, so an expansion over a huge tree must stop at Ctrl-C: the prompt
comes back at once, $? is 130 and nothing of the line ran. The tree here
is a chain of 24 directories and a pattern of six `**`, which visits
millions of paths (bash too) and matches none. `**` does not descend into
a symbolic link to a directory (bash 5.2): a link to / in the workspace
adds one name, not the file system. Both Linux backends; the tree is
made, and the command's absence of effect checked, from outside."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pexpect  # noqa: E402
from ptyhelp import B_MARK, Sh, done, ok, text  # noqa: E402

# A `for` list: expanded by the shell itself, not by a job's child (a
# child dies of the SIGINT anyway: that would prove nothing here).
SLOW = ("for f in **/**/**/**/**/**/zz; do echo $f > ran.txt; done; "
        "echo same-line > ran2.txt")


def case_backend(backend):
    label = backend or "default"
    s = Sh.start(backend=backend) if backend else Sh.start()
    os.makedirs(os.path.join(s.ws, *(["d"] * 24)))
    os.symlink("/", os.path.join(s.ws, "root-link"))
    out, st = s.run("shopt -s globstar; set -- **; echo n=$#")
    ok(st == 0 and "n=25" in text(out),
       "%s: ** lists a link to / but does not walk it (25 names)" % label,
       out)
    out, st = s.run("echo root-link/** | wc -w")
    ok(st == 0 and int(text(out).split()[-1]) > 1,
       "%s: ... a link named before ** is followed (control)" % label, out)

    s.send(SLOW + "\r")
    i = s.c.expect_exact([B_MARK, pexpect.TIMEOUT], timeout=1.5)
    ok(i == 1, "%s: the six-** expansion is still running after 1.5 s "
       "(control)" % label, s.c.before)
    t0 = time.monotonic()
    s.ctrl("C")
    try:
        s.prompt(timeout=5)
        back = time.monotonic() - t0
    except pexpect.TIMEOUT:
        back = None
    ok(back is not None and back < 3,
       "%s: Ctrl-C ends the expansion, prompt back in %s s"
       % (label, "%.2f" % back if back is not None else "(none)"))
    out, st = s.run("echo status=$?")
    ok("status=130" in text(out), "%s: $? is 130 after the Ctrl-C" % label,
       out)
    ok(not os.path.exists(os.path.join(s.ws, "ran.txt")) and
       not os.path.exists(os.path.join(s.ws, "ran2.txt")),
       "%s: nothing of the interrupted line ran (seen from outside)"
       % label)
    out, st = s.run("echo **/zz **/d/d | wc -w; echo alive")
    ok(st == 0 and "alive" in text(out),
       "%s: the session answers and globs again" % label, out)
    s.cleanup()


first = Sh.start()
first.cleanup()
for b in ((None,) if Sh.BACKEND == "none" else ("landlock", "namespace")):
    try:
        case_backend(b)
    except (pexpect.EOF, pexpect.TIMEOUT) as e:
        ok(False, "%s: the session ended or stopped answering"
           % (b or "default"), str(e)[:2000])
done()
