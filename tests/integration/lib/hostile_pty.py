"""tests/integration/lib/hostile_pty.py ROOT — the pty half of hostile.sh:
file names with control bytes and invalid UTF-8, seen by completion and
by the prompt of a real interactive session (lib/ptyhelp.py).

ROOT/demo is the workspace; hostile.sh has made the names in it. Prints
one line per check, "PASS desc" or "FAIL desc: detail", for hostile.sh
to count; the raw transcript goes to ROOT/transcript.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptyhelp import Sh, pexpect, text  # noqa: E402

root = sys.argv[1]
backend = sys.argv[2] if len(sys.argv) > 2 else None
# What must never reach the terminal raw: the names' escape sequences
# and their invalid bytes (the shell's own marks, ESC ] 133 / ESC ] 7 and
# its colours, are not in this list).
RAW = [b"\x1b]0;PWN", b"\x1b[2J", b"\xff", b"\xfe", b"\x1bx", b"\xc2\x9b"]


def say(cond, desc, detail=b""):
    print(("PASS %s" if cond else "FAIL %s: %r") % (desc, detail[-300:]) if not cond
          else "PASS %s" % desc)
    sys.stdout.flush()


def raw_in(b):
    return [r for r in RAW if r in b]


def grab(data, quiet=0.4, timeout=10):
    """Sends |data|; returns all output until none came for |quiet| s."""
    c.send(data)
    got = bytearray()
    end = time.time() + timeout
    while time.time() < end:
        try:
            got += c.read_nonblocking(65536, timeout=quiet)
        except pexpect.TIMEOUT:
            break
        except pexpect.EOF:
            got += b"EOF"
            break
    log.extend(got)
    return bytes(got)


# \w in PS1: the prompt shows the cwd
s = Sh.start(root=root, backend=backend, env={"PS1": "[\\W] \\w $ "})
c = s.c
log = bytearray(s.banner)
try:
    # 1. the listing of ambiguous names: escaped
    got = grab("ls ./\t\t")
    say(not raw_in(got), "completion list: no raw escape or invalid byte", got)
    say(b"a\\x1b]0;PWN\\x07b" in got and b"bad\\xff\\xfename" in got,
        "completion list: the names shown escaped", got)
    grab("\x15")  # kill the line
    # 2. TAB on the one name that starts with "d": the typed word stays
    got = grab("echo d\t")
    got += grab("\r")
    out = text(got)
    say(re.search(r"(?m)^d$", out) is not None,
        "TAB on a name the line cannot hold keeps the typed word (echo d)", got)
    say(not raw_in(got), "... and nothing raw reached the terminal", got)
    # 3. the prompt in a folder whose name has ESC [2J and \xff
    prompt = grab("cd ./d*\r")
    got = grab("echo alive\r")
    say(b"alive\r\n" in got and b"EOF" not in prompt + got,
        "the shell survives a prompt in a folder named with invalid UTF-8 "
        "(was SIGSEGV in libedit)", prompt + got)
    say(b"d\\x1b[2Jx\\xff $ " in prompt and not raw_in(prompt),
        "the prompt shows the folder escaped", prompt)
    # 4. PS1 made from $PWD (the raw bytes in PS1 itself)
    p2 = grab('PS1="$PWD > "\r')
    say(not raw_in(p2) and b"\\x1b[2Jx\\xff > " in p2,
        "PS1=\"$PWD > \": shown escaped", p2)
    # 5. policy check and the checker on the names, in the pty
    got = grab("policy check ../a*; policy explain \"cat /etc/$(printf 'e\\033[2J\\377')\"\r")
    say(not raw_in(got) and b"\\x1b]0;PWN" in got and b"\\x1b[2J" in got,
        "policy check and policy explain (the checker): escaped", got)
finally:
    with open(os.path.join(root, "transcript"), "wb") as f:
        f.write(bytes(log))
    s.close()
