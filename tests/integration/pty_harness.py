#!/usr/bin/env python3
"""What programs that drive a shell through a pty rely on (issue 15).

- A PS1 exported in the environment is the prompt, with and without
  --agent (harnesses set PS1='$ ' to know what to wait for); without one,
  --agent shows "sbxsh$ " and the default is the sandbox marker.
- pexpect's replwrap, which sets its own PS1/PS2 by a command and waits
  for them, drives `sbxsh --agent` and plain `sbxsh` to the end: with
  libedit (TERM=xterm) and with the plain reader (no TERM), one-line and
  multi-line commands, their output whole and no copy of the input.
- Ctrl-C at the prompt sets $? to 130 (libedit and the plain reader, PS1
  and PS2); after `true` it is 0 again, so 130 is not a constant.
- PATH=/usr/bin:/bin; tool finds a tool in .sandbox-cache/bin within the
  same line (interactive and -c); a tool in no bin dir is not found once
  PATH no longer names its folder (the control).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "lib"))
from ptyhelp import A_MARK, B_MARK, Sh, binary, done, ok, pexpect, text  # noqa: E402

from pexpect import replwrap  # noqa: E402

SB = binary()


def first_prompt(s, pattern, timeout=10):
    i = s.c.expect([pattern, pexpect.EOF, pexpect.TIMEOUT], timeout=timeout)
    return i == 0


# --- PS1 from the environment ---------------------------------------------
for agent in (False, True):
    for term in ("xterm", None):
        s = Sh(agent=agent, term=term, backend=Sh.BACKEND, env={"PS1": "HARNESS$ "})
        got = first_prompt(s, re.escape("HARNESS$ "))
        tag = "%s, TERM=%s" % ("--agent" if agent else "plain sbxsh", term)
        ok(got, "exported PS1 is the prompt (%s)" % tag, s.c.before[-300:])
        if got:
            # (tr: the output must not look like the prompt itself)
            s.c.sendline("echo \"ps1<$PS1>\" | tr '$' D")
            ok(first_prompt(s, re.escape("HARNESS$ ")) and b"ps1<HARNESSD >" in s.c.before,
               "and $PS1 keeps it (%s)" % tag, s.c.before[-300:])
        s.cleanup()

# The exact case: PS1='$ ' (the POSIX default itself) from the environment.
s = Sh(agent=False, backend=Sh.BACKEND, env={"PS1": "$ "})
ok(first_prompt(s, re.escape(B_MARK)) and s.c.before.endswith(b"$ ") and b"[sbx:" not in s.c.before[-60:],
   "an exported PS1='$ ' is not replaced by the default", s.c.before[-200:])
s.cleanup()

# The control: without one, --agent has its fixed prompt and plain sbxsh
# its sandbox marker.
s = Sh.start(agent=True)
ok(s.banner.endswith(A_MARK.encode() + b"sbxsh$ ") or b"sbxsh$ " in s.banner[-40:],
   "no PS1 in the environment: --agent shows sbxsh$", s.banner[-200:])
s.send("PS1='mi''ne> '\r")   # (the echo must not look like the prompt)
ok(first_prompt(s, re.escape("mine> ")), "--agent: a PS1 assigned by a command wins",
   s.c.before[-200:])
s.cleanup()
s = Sh.start(agent=False)
ok(b"[sbx:demo]" in s.banner, "no PS1 in the environment: the sandbox marker", s.banner[-200:])
s.cleanup()


# --- replwrap ----------------------------------------------------------------
def drive(argv, term, orig):
    env = {k: v for k, v in os.environ.items() if k not in ("PS1", "TERM")}
    if term:
        env["TERM"] = term
    root = Sh(agent=False, term=term, backend=Sh.BACKEND)  # a scratch workspace
    root.close()
    args = argv + ["--workspace", root.ws]
    if Sh.BACKEND:
        args += ["--backend", Sh.BACKEND]
    env["HOME"] = root.home
    env["XDG_STATE_HOME"] = os.path.join(root.root, "state")
    tag = "%s, TERM=%s" % (" ".join(argv) or "sbxsh", term)
    # As replwrap does with a command line: spawned with echo=False.
    child = pexpect.spawn(SB, args, env=env, cwd=root.ws, echo=False,
                          encoding="utf-8", timeout=10)
    try:
        w = replwrap.REPLWrapper(child, orig, "PS1='{0}' PS2='{1}' ")
        out = w.run_command("echo hello; echo world")
        ok("hello\r\nworld\r\n" in out and "echo" not in out,
           "replwrap: one line, output whole, no echo (%s)" % tag, repr(out))
        out = w.run_command("for i in 1 2 3\ndo echo n$i\ndone")
        ok("n1\r\nn2\r\nn3\r\n" in out and "do echo" not in out,
           "replwrap: a multi-line command at PS2 (%s)" % tag, repr(out))
        out = w.run_command("false; echo st=$?")
        ok("st=1" in out, "replwrap: statuses (%s)" % tag, repr(out))
        child.sendline("exit")
        child.expect(pexpect.EOF, timeout=5)
        ok(True, "replwrap: the session ends (%s)" % tag)
    except (pexpect.TIMEOUT, pexpect.EOF, ValueError) as e:
        ok(False, "replwrap drives %s" % tag, "%s: %r" % (type(e).__name__, child.before))
    child.close(force=True)
    root.cleanup()


for term in ("xterm", None):
    drive(["--agent"], term, re.escape("sbxsh$ "))
    drive([], term, r"[#$] ")


# --- Ctrl-C at the prompt --------------------------------------------------------
def ctrl_c(term):
    s = Sh(agent=True, term=term, backend=Sh.BACKEND)
    try:
        first_prompt(s, re.escape(B_MARK))
        out, st = s.run("true")
        s.send("half a line")
        s.ctrl("c")
        s.prompt(timeout=5)
        out, st = s.run("echo st=$?")
        ok(b"st=130" in out, "Ctrl-C at PS1 then echo $?: 130 (TERM=%s)" % term, out)
        out, st = s.run("echo st=$?")
        ok(b"st=0" in out, "and 0 after that echo (the control, TERM=%s)" % term, out)
        s.send("if true\r")
        s.c.expect_exact("> " + B_MARK, timeout=10)
        s.ctrl("c")
        s.prompt(timeout=5)
        out, st = s.run("echo st=$?")
        ok(b"st=130" in out, "Ctrl-C at PS2 then echo $?: 130 (TERM=%s)" % term, out)
    except pexpect.TIMEOUT:
        ok(False, "Ctrl-C at the prompt brings a new prompt (TERM=%s)" % term,
           s.c.before[-300:])
    s.cleanup()


for term in ("xterm", None):
    ctrl_c(term)


# --- PATH reset within one line -----------------------------------------------
s = Sh.start(agent=True)
bindir = os.path.join(s.ws, ".sandbox-cache", "bin")
os.makedirs(bindir, exist_ok=True)
loosedir = os.path.join(s.ws, "loose")   # in the workspace, no bin dir
os.makedirs(loosedir, exist_ok=True)
for d, name in ((bindir, "cachedtool"), (loosedir, "loosetool")):
    p = os.path.join(d, name)
    with open(p, "w") as f:
        f.write("#!/bin/sh\necho %s-ran\n" % name)
    os.chmod(p, 0o755)
out, st = s.run("PATH=/usr/bin:/bin; cachedtool")
ok(b"cachedtool-ran" in out and st == 0,
   "PATH=/usr/bin:/bin; tool finds .sandbox-cache/bin/tool in that line", out)
out, st = s.run("PATH=/usr/bin:/bin cachedtool")
ok(b"cachedtool-ran" in out, "and with PATH=... as the command's own assignment", out)
out, st = s.run("PATH=%s:$PATH; loosetool; PATH=/usr/bin:/bin; loosetool" % loosedir)
ok(b"loosetool-ran" in out and st == 127,
   "control: a tool in no bin dir is found, then not once PATH drops its folder", out)
s.cleanup()

s = Sh(agent=True, backend=Sh.BACKEND)
s.close()
bindir = os.path.join(s.ws, ".sandbox-cache", "bin")
os.makedirs(bindir, exist_ok=True)
with open(os.path.join(bindir, "cachedtool"), "w") as f:
    f.write("#!/bin/sh\necho cachedtool-ran\n")
os.chmod(os.path.join(bindir, "cachedtool"), 0o755)
argv = [SB, "--workspace", s.ws] + (["--backend", Sh.BACKEND] if Sh.BACKEND else [])
r = subprocess.run(argv + ["-c", "PATH=/usr/bin:/bin; cachedtool"], env=s.env,
                   cwd=s.ws, capture_output=True, timeout=30)
ok(r.returncode == 0 and b"cachedtool-ran" in r.stdout,
   "sbxsh -c 'PATH=/usr/bin:/bin; tool' finds .sandbox-cache/bin/tool",
   r.stdout + r.stderr)
s.cleanup()

done()
