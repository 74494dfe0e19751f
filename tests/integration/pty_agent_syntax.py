#!/usr/bin/python3
"""pty, as an agent harness reads --agent: what the shell says about a
line it could not run is that line's output, inside its OSC 133 C ... D
marks with status 2, never before C where a harness drops it. A syntax
error, an unfinished command ended by Ctrl-D at PS2, and a here-document
cut short by Ctrl-D (its warning, then its output, then D;0). Control:
the next command's marks hold only its own output."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import B_MARK, RUN_RE, Sh, done, ok, text  # noqa: E402


def between(before):
    """(text before C, output inside C..D, status) of one prompt's worth."""
    m = RUN_RE.search(before)
    if not m:
        return text(before), None, None
    return text(before[:m.start()]), text(m.group(1)), int(m.group(2))


s = Sh.start()
for line, want in (("echo (",
                    "sbxsh: syntax error near unexpected token `newline'\n"),
                   ("fi", "sbxsh: syntax error near unexpected token `fi'\n"),
                   ("case x in", None)):
    s.send(line + "\r")
    if want is None:  # unfinished: Ctrl-D at its PS2
        s.c.expect_exact("> " + B_MARK)
        s.ctrl("D")
        want = "sbxsh: syntax error: unexpected end of file\n"  # bash's
    pre, out, st = between(s.prompt())
    ok(out is not None and want in out and st == 2 and "syntax" not in pre,
       "`%s`: the error is inside C ... D;2" % line,
       "before C: %r\ninside: %r\nstatus: %r" % (pre, out, st))

s.send("cat <<EOF\r")
s.c.expect_exact("> " + B_MARK)
s.send("body-line\r")
s.c.expect_exact("> " + B_MARK)
s.ctrl("D")
pre, out, st = between(s.prompt())
ok(out is not None and "delimited by end-of-file (wanted `EOF')" in out and
   # bash's form at its prompt: no "line N:" before "warning"
   "sbxsh: warning: here-document at line " in out and
   "body-line" in out and st == 0 and "warning" not in pre,
   "a here-document cut short: its warning and its output inside C ... D;0",
   "before C: %r\ninside: %r\nstatus: %r" % (pre, out, st))

out, st = s.run("echo next-$((1+1))")
ok(st == 0 and text(out) == "next-2\n",
   "control: the next command's marks hold its own output only", out)
s.cleanup()
done()
