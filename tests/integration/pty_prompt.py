#!/usr/bin/python3
"""pty: the prompt and OSC 133 marks as they reach the terminal (raw bytes).

D;0 / D;1 around true and false; the agent prompt is stable and plain;
the default prompt shows the sandbox marker, workflow and cwd, with every
colour escape intact (libedit drops a literal group with nothing visible
after it: we check the bytes); NO_COLOR and TERM=dumb; set +o osc133.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import A_MARK, B_MARK, C_MARK, Sh, done, ok, text  # noqa: E402

import pexpect  # noqa: E402

s = Sh.start(agent=True)
first = s.banner
ok(A_MARK.encode() + b"sbxsh$ " in first,
   "agent prompt is 'sbxsh$ ' after OSC 133 A", first[-200:])
out, st = s.run("true")
ok(st == 0, "OSC 133 D;0 after true", out)
out, st = s.run("false")
ok(st == 1, "OSC 133 D;1 after false", out)
out, st = s.run("echo hello")
ok(st == 0 and text(out) == "hello\n", "C..D frame exactly the command's output", out)
out, st = s.run("(exit 7)")
ok(st == 7, "D carries any status", out)
out, st = s.run("cd /tmp")
raw = s.c.before
ok(b"\x1b]7;file://" in raw and b"/tmp\x07" in raw, "OSC 7 reports the new cwd", raw)
# the prompt does not change with the cwd in agent mode
ok(A_MARK.encode() + b"sbxsh$ " in raw, "agent prompt stable after cd", raw)
# an empty line: no C/D pair (no command ran)
s.send("\r")
raw = s.prompt()
ok(C_MARK.encode() not in raw, "no C mark for an empty line", raw)
# switch the marks off
s.send("set +o osc133\r")
s.c.expect_exact(b"sbxsh$ ")
s.send("echo off\r")
i = s.c.expect([re.escape(b"sbxsh$ "), pexpect.TIMEOUT], timeout=5)
raw = s.c.before
ok(i == 0 and b"\x1b]133" not in raw, "set +o osc133 stops the marks", raw)
s.cleanup()

# Human mode, colour: the raw prompt bytes.
s = Sh.start(agent=False)
first = s.banner
m = re.search(rb"\x1b\]133;A\x07(.*)$", first, re.S)
p = m.group(1) if m else b""
ok(b"\x1b[1;33m[sbx:demo]\x1b[0m" in p, "sandbox marker in colour, escapes intact", p)
ok(b"\x1b[1;34m" in p and b"demo" in p, "cwd in colour", p)
ok(p.endswith((b"$ ", b"# ")) or p.endswith(b"\x08"), "prompt ends like a shell prompt", p)
ok(b"\x01" not in p, "no libedit delimiter bytes leak", p)
# what the terminal shows, escapes removed, is exactly the plain prompt
vis = re.sub(rb"\x1b\[[0-9;]*m", b"", p).replace(b"\x08", b"")
ok(re.fullmatch(rb"\[sbx:demo\] [^ ]*demo [$#]  ?", vis) is not None,
   "visible prompt is '[sbx:demo] <cwd> $ '", vis)
s.cleanup()

s = Sh.start(agent=False, env={"NO_COLOR": "1"})
ok(b"\x1b[1;33m" not in s.banner and b"[sbx:demo]" in s.banner,
   "NO_COLOR: no colour, marker still shown", s.banner[-200:])
s.cleanup()

# TERM=dumb: a plain reader, no escape byte at all.
s = Sh(agent=False, term="dumb", backend=Sh.BACKEND)
i = s.c.expect([re.compile(rb"\[sbx:demo\] \S+ [$#] "), pexpect.TIMEOUT, pexpect.EOF], timeout=10)
ok(i == 0, "TERM=dumb shows the plain prompt", s.c.before)
s.send("echo dumb-ok\r")
i = s.c.expect([re.compile(rb"dumb-ok\r\n.*\[sbx:demo\] \S+ [$#] ", re.S), pexpect.TIMEOUT], timeout=10)
raw = s.c.before + (s.c.after if i == 0 else b"")
ok(i == 0 and b"\x1b" not in raw, "TERM=dumb: no escape bytes", raw)
s.cleanup()
# No TERM at all (a harness's bare pty) with --agent: plain reader, marks on.
s = Sh(agent=True, term=None, backend=Sh.BACKEND)
i = s.c.expect([re.escape(B_MARK.encode()), pexpect.TIMEOUT, pexpect.EOF], timeout=10)
ok(i == 0 and (A_MARK.encode() + b"sbxsh$ ") in s.c.before, "no TERM + --agent: marks and the stable prompt", s.c.before[-200:])
out, st = s.run("false")
ok(st == 1 and b"\x1b[" not in out, "no TERM + --agent: D;1, no CSI escapes", out)
s.cleanup()
done()
