#!/usr/bin/python3
"""pty: full-screen and REPL programs inside the sandboxed shell: vi edits
and writes a file, less opens and quits, python3's REPL runs and exits;
the shell's line editor works again afterwards."""
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, skip, skip_case, text  # noqa: E402

import pexpect  # noqa: E402

s = Sh.start()
vi = shutil.which("vi") or shutil.which("vim")
if vi:
    s.send("vi notes.txt\r")
    time.sleep(1.0)
    s.send("ihello from vi\x1b")
    time.sleep(0.3)
    s.send(":wq\r")
    s.prompt(timeout=15)
    path = os.path.join(s.ws, "notes.txt")
    ok(os.path.exists(path) and open(path).read() == "hello from vi\n",
       "vi opened, edited, wrote and quit", open(path).read() if os.path.exists(path) else "missing")
else:
    skip_case("no vi installed", "vi")

if shutil.which("less"):
    with open(os.path.join(s.ws, "long.txt"), "w") as f:
        for i in range(500):
            f.write("line %d\n" % i)
    s.send("less long.txt\r")
    i = s.c.expect([r"line 0", pexpect.TIMEOUT], timeout=10)
    time.sleep(0.3)
    s.send("q")
    s.prompt(timeout=10)
    ok(i == 0, "less opened and quit with q")
else:
    skip_case("no less installed", "less")

py = shutil.which("python3")
s.send("python3 -q\r")
i = s.c.expect([r">>> ", pexpect.TIMEOUT], timeout=15)
s.send("print(6*7)\r")
j = s.c.expect([r"42", pexpect.TIMEOUT], timeout=10)
s.c.expect([r">>> ", pexpect.TIMEOUT], timeout=10)
s.send("\x04")  # Ctrl-D leaves the REPL
s.prompt(timeout=10)
ok(i == 0 and j == 0, "python3 REPL ran and exited")

# The editor still works: Ctrl-A after the programs changed the tty.
s.send("cho tty-ok")
s.ctrl("a")
s.send("e")
out, st = s.run("")
ok(text(out) == "tty-ok\n", "line editing works after full-screen programs", out)
out, st = s.run("echo $?")
ok(st == 0, "shell alive, statuses intact", out)
s.cleanup()
done()
