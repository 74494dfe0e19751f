#!/usr/bin/python3
"""pty, as a person who knows bash types at the prompt: a syntax error
reads as Debian's bash 5.2 prints it at its own prompt ("bash: syntax
error near unexpected token `)'", no line number, no offending line),
with sbxsh's name, and leaves bash's status. Each line is typed into a
real bash in a pty too, and sbxsh's words must be bash's, the name
aside. --agent: inside the command's C ... D marks (issue 23); a person's
session (no --agent) prints the same words. --posix keeps dash's."""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pexpect  # noqa: E402
from ptyhelp import RUN_RE, Sh, done, ok, skip_case, text  # noqa: E402

LINES = [")", "echo a )", "fi", "if then echo x; fi", "echo (", "done",
         "echo a ;;", "f() echo hi", "function f echo", "case x in a echo;; esac",
         "echo x=(a b)", "{ }", "[[ a b ]]", "[[ ( a ]]", "eval 'echo ('"]


def bash_says(lines):
    """What bash prints at its prompt for each line, and $? after it."""
    b = shutil.which("bash")
    if not b:
        return None
    c = pexpect.spawn(b, ["--norc", "--noprofile", "-i"], encoding="utf-8",
                      env={"PS1": "P$ ", "PS2": "> ", "TERM": "dumb",
                           "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"},
                      timeout=10, dimensions=(40, 200))
    c.expect_exact("P$ ")
    said = []
    for line in lines:
        # each in a fresh bash: one [[ error leaves bash's parser in a
        # state that words the next one differently
        c.sendline("bash --norc --noprofile -i")
        c.expect_exact("P$ ")
        c.sendline(line)
        c.expect_exact("P$ ")
        out = c.before.replace("\r\n", "\n").split("\n", 1)[1]
        c.sendline("echo st=$?")
        c.expect(r"st=(\d+)")
        st = int(c.match.group(1))
        c.expect_exact("P$ ")
        c.sendline("exit")
        c.expect_exact("P$ ")
        said.append((re.sub(r"^bash:", "sbxsh:", out, flags=re.M), st))
    c.sendline("exit")
    c.close(force=True)
    return said


want = bash_says(LINES)
if want is None:
    skip_case("bash is not installed", "bash")
    done()

s = Sh.start()
for line, (words, st) in zip(LINES, want):
    s.run("true")  # $? as in bash's fresh shell: [[ ]]'s errors keep it
    out, got = s.run(line)
    ok(out is not None and text(out) == words and got == st,
       "--agent `%s`: bash's words, inside C ... D;%d" % (line, st),
       "bash:  %r status %d\nsbxsh: %r status %r" % (words, st,
                                                      out and text(out), got))
# the prompt's own form: no offending line, never "line N"
out, st = s.run(")")
ok(b"line" not in out and b"`)'" not in out.split(b"token")[-1][3:],
   "at the prompt: no line number and no offending line", out)
s.cleanup()

# a person's session: the same words, typed without --agent
s = Sh(term="dumb", agent=False, env={"PS1": "plain$ "},
       backend=Sh.BACKEND or None)
s.c.expect_exact("plain$ ", timeout=10)
for line in ("echo a )", "fi"):
    s.send(line + "\r")
    s.c.expect_exact("plain$ ", timeout=10)
    got = text(s.c.before).split("\n", 1)[-1]
    words = dict(zip(LINES, want))[line][0]
    ok(got == words, "a person's prompt `%s`: bash's words" % line,
       "bash:  %r\nsbxsh: %r" % (words, got))
s.cleanup()

# --posix: dash's words stay
s = Sh.start(args=("--posix",))
out, st = s.run("echo a )")
ok(out is not None and "syntax error: unexpected ')'" in text(out) and
   st == 2, "--posix: dash's words", out)
s.cleanup()
done()
