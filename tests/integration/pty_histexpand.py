#!/usr/bin/python3
"""pty: bash's history expansion (!!, !$, !n, !-n, !str, ^a^b, word
designators and the modifiers :h :t :r :e :p :q :x :s :gs :&) for a person
at a prompt, the expanded line shown as bash shows it, "!x: event not
found" dropping the line; `!!:p` shows and records without running;
`set +H` turns it off; under --agent and --posix a `!` is literal
(issue 24)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text  # noqa: E402



def full(sh, line):
    """Types |line|; everything up to the next prompt, \r dropped (the
    expanded line is shown before the command's output marks)."""
    sh.send(line + "\r")
    return text(sh.prompt()).replace("\r", "")


s = Sh.start(agent=False)
s.run("echo alpha beta")
out = full(s, "!!")
ok("\necho alpha beta\nalpha beta\n" in out,
   "!! runs the last command again, shown first", out)
out = full(s, "echo !$")
ok("\necho beta\nbeta\n" in out, "!$ is the last word of the last command", out)
s.run("echo gamma")
out = full(s, "!-2")
ok("\necho beta\nbeta\n" in out, "!-2: two commands back", out)
out = full(s, "!ech")
ok("\necho beta\nbeta\n" in out, "!str: the last command starting with str", out)
out = full(s, "^beta^delta")
ok("\necho delta\ndelta\n" in out, "^a^b: the last command with a made b", out)
s.send("!nosuchcmdxyz\r")
before = s.prompt()
ok(b"!nosuchcmdxyz: event not found" in before, "event not found: bash's message", before)
out, st = s.run("echo '!!' \\!x")
ok("!! !x\n" in text(out).replace("\r", ""), "quoted and escaped ! stay literal", out)
out, st = s.run("history 3")
ok("delta" in text(out) and "nosuchcmdxyz" not in text(out),
   "the expanded line is recorded, the failed one is not", out)
s.run("echo /src/lib/file.tar.gz two three")
out = full(s, "echo !^:h !^:t !^:r !^:e")
ok("\necho /src/lib file.tar.gz /src/lib/file.tar .gz\n" in out,
   "!^:h !^:t !^:r !^:e", out)
out = full(s, "echo !-2:1:s/lib/LIB/ !-2:2-3")
ok("\necho /src/LIB/file.tar.gz two three\n/src/LIB/file.tar.gz two three\n"
   in out, "!-2:1:s/old/new/ and !-2:2-3", out)
out = full(s, "!!:gs/t/T/")
ok("\necho /src/LIB/file.Tar.gz Two Three\n" in out, ":gs/old/new/", out)
out = full(s, "echo !-4:*:&")
ok("\necho /src/lib/file.Tar.gz two three\n" in out,
   ":& repeats the last substitution", out)
s.send("rm -f marker; echo !!:q\r")
s.prompt()
s.send("touch marker!!:p\r")
shown = text(s.prompt()).replace("\r", "")
ok("\ntouch markerrm -f marker; echo 'echo /src/lib/file.Tar.gz two three'\n"
   in shown, "!!:p shows the line", shown)
out, st = s.run("ls marker* 2>&1; history 2")
t = text(out).replace("\r", "")
ok("No such file" in t and "touch markerrm" in t,
   "!!:p: not run, but recorded as bash does", t)
s.send("echo !!:z\r")
bad = text(s.prompt()).replace("\r", "")
ok("z: unrecognized history modifier" in bad, "bad modifier: bash's message", bad)
s.send("echo !!:s/nosuch/x/\r")
bad = text(s.prompt()).replace("\r", "")
ok(":s/nosuch/x/: substitution failed" in bad, "failed :s: bash's message", bad)
s.run("set +H")
out, st = s.run("echo !!")
ok("!!\n" in text(out).replace("\r", "") and "echo echo" not in text(out),
   "set +H: ! is literal", out)
s.cleanup()

# An agent's ! is never expanded (no surprise rewrites of its commands).
s = Sh.start(agent=True)
s.run("echo one")
out, st = s.run("echo !! !$ ^x")
ok(text(out).replace("\r", "") == "!! !$ ^x\n", "--agent: !! is literal", out)
out, st = s.run("set -H; echo !!")
ok(text(out).replace("\r", "") == "!!\n", "--agent: literal even after set -H", out)
s.cleanup()

s = Sh.start(agent=False, args=("--posix",))
s.run("echo one")
out, st = s.run("echo !!")
ok(text(out).replace("\r", "") == "!!\n", "--posix: ! is literal (dash)", out)
s.cleanup()
done()
