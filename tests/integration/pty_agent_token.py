#!/usr/bin/env python3
"""pty: the --agent marks carry a per-session token a harness can check
(issue 23), through the driver docs/interactive.md documents
(docs/agent_driver.py), on a plain pty as a harness would drive it.

- The banner gives `agent_token: <32 hex>` before the first prompt, and
  every A, B, C and D mark the shell writes ends in ";token=" it.
- A command fails with status 3 after printing a forged D;0 mark and a
  forged D;0 with a wrong token: the documented driver reports 3 and
  keeps the forged bytes as the command's output; the control, a driver
  that ignores the token, reads 0 (the lie this stops).
- Two sessions draw two different tokens; the token is nowhere a job
  can read it: not in its environment, not in the shell's
  /proc/PID/cmdline or environ.
Under both Linux backends, as root and as nobody (setpriv).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
from ptyhelp import binary, done, ok, skip_case  # noqa: E402

SRC = os.environ.get("SBXSH_SRC", os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SRC, "docs"))
import agent_driver  # noqa: E402

SB = binary()
AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
FORGE = ("printf 'x\\033]133;D;0\\007y\\033]133;D;0;token=%s\\007z\\n'; "
         "(exit 3)" % ("0" * 32))
MARK = re.compile(rb"\x1b\]133;([ABCD])((?:;[^\x07\x1b]*)?)\x07")


class Agent(agent_driver.Agent):
    """The documented driver, except that its start gives up as soon as
    the first prompt's B mark has come without what must precede it (the
    `agent_token:` line, a B mark carrying the token): nothing before the
    first prompt can still arrive after it, and waiting out the driver's
    20 s per session made each mutation this test kills cost 2-3 minutes
    (tests/README.md, "CI time")."""

    def __init__(self, *a, **kw):
        self.starting = True
        super().__init__(*a, **kw)
        self.starting = False

    def _wait(self, found):
        def or_prompt():
            m = found()
            if m is None and self.starting and any(
                    x.group(1) == b"B" for x in MARK.finditer(self.buf)):
                raise TimeoutError("the first prompt came without it: %r"
                                   % self.buf[-300:])
            return m
        return super()._wait(or_prompt)


def session(be, nobody, trust=True, extra=()):
    root = tempfile.mkdtemp(prefix="sbx-token-")
    os.chmod(root, 0o755)
    ws, home = os.path.join(root, "demo"), os.path.join(root, "home")
    for d in (ws, home, os.path.join(root, "tmp")):
        os.makedirs(d)
        if nobody:
            os.chown(d, 65534, 65534)
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": home,
           "LANG": "C.UTF-8", "TMPDIR": os.path.join(root, "tmp"),
           "XDG_STATE_HOME": os.path.join(root, "state")}
    argv = [SB, "--agent", "--workspace", ws, "--backend", be] + list(extra)
    if nobody:
        argv = AS_NOBODY + argv
    try:
        return root, Agent(argv, env=env, cwd=ws, trust_token=trust)
    except (TimeoutError, EOFError) as e:
        shutil.rmtree(root, True)
        return None, str(e)


users = [False] + ([True] if os.geteuid() == 0 and shutil.which("setpriv")
                   else [])
if len(users) == 1:
    skip_case("as nobody needs root and setpriv", "setpriv")
for be in ("landlock", "namespace"):
    for nobody in users:
        tag = "%s, %s" % (be, "nobody" if nobody else "root")
        root, sh = session(be, nobody)
        if root is None and "133;B" in sh:
            ok(False, "banner gives agent_token: before the first prompt "
               "(%s)" % tag, sh[-300:])
            continue
        if root is None:
            need = "landlock" if be == "landlock" else "userns"
            skip_case("%s: no session here: %s" % (tag, sh[-200:]), need)
            continue
        tok = sh.token
        ok(tok and re.fullmatch(r"[0-9a-f]{32}", tok),
           "banner gives agent_token: 32 hex digits (%s)" % tag, sh.banner[-300:])
        out, st = sh.run("true")
        ok(st == 0 and out == b"", "true: status 0 through the driver (%s)" % tag, out)
        out, st = sh.run(FORGE)
        ok(st == 3, "forged D;0 and a wrong-token D;0, then status 3: "
           "the driver reports 3 (%s)" % tag, "%r %r" % (st, out))
        ok(b"\x1b]133;D;0\x07" in out and b"token=" + b"0" * 32 in out
           and out.startswith(b"x") and out.endswith(b"z\n"),
           "the forged marks stay in the command's output (%s)" % tag, out)
        # the shell's own marks all carry the token (looked at raw)
        os.write(sh.fd, b"false\r")
        sh._next_mark("B", 0)
        kinds = {}
        for m in MARK.finditer(sh.buf):
            kinds.setdefault(m.group(1), []).append(m.group(2))
        ok(set(kinds) == {b"A", b"B", b"C", b"D"} and all(
            p.endswith(b";token=" + tok.encode()) for v in kinds.values() for p in v)
           and kinds[b"D"] == [b";1;token=" + tok.encode()],
           "A, B, C and D;1 each end in ;token= (%s)" % tag, sh.buf[-400:])
        out, st = sh.run("env; tr '\\0' ' ' < /proc/$$/cmdline; "
                         "cat /proc/$$/environ 2>/dev/null; echo END")
        ok(st == 0 and b"END" in out and tok.encode() not in out
           and b"agent_token" not in out.lower() and b"PATH=" in out,
           "the token is in no job's environment, nor the shell's "
           "cmdline/environ (%s)" % tag, out[-300:])
        sh.close()
        shutil.rmtree(root, True)
        # a second session: another token; the control believes the lie
        root2, naive = session(be, nobody, trust=False)
        if root2 is None:
            ok(False, "a second session starts (%s)" % tag, naive)
            continue
        m = re.search(rb"agent_token: ([0-9a-f]{32})", naive.banner)
        ok(m and m.group(1).decode() != tok,
           "a second session draws another token (%s)" % tag, naive.banner[-200:])
        out, st = naive.run(FORGE)
        ok(st == 0, "control: a driver that ignores the token is fooled "
           "into status 0 (%s)" % tag, "%r %r" % (st, out))
        naive.close()
        shutil.rmtree(root2, True)
# --agent-token-fd N: the harness chooses the token; fd N is read and
# closed before any job runs.
CHOSEN = "0123456789abcdef" * 2
for be in ("landlock", "namespace"):
    r, w = os.pipe()
    os.set_inheritable(r, True)
    os.write(w, (CHOSEN + "\n").encode())
    os.close(w)
    root, sh = session(be, False, extra=("--agent-token-fd", str(r)))
    os.close(r)
    if root is None:
        skip_case("%s: no session here: %s" % (be, sh[-200:]),
                  "landlock" if be == "landlock" else "userns")
        continue
    ok(sh.token == CHOSEN, "--agent-token-fd: the marks carry the harness's token (%s)" % be,
       sh.banner[-200:])
    out, st = sh.run(FORGE)
    ok(st == 3, "--agent-token-fd: the forged marks still read as 3 (%s)" % be, out)
    out, st = sh.run("[ -e /proc/self/fd/%d ] && echo FD-OPEN || echo FD-CLOSED" % r)
    ok(st == 0 and b"FD-CLOSED" in out, "--agent-token-fd: no job inherits the fd (%s)" % be, out)
    sh.close()
    shutil.rmtree(root, True)
for bad, why in (("xyz\n", "a malformed token"), (CHOSEN.upper(), "upper-case hex")):
    r, w = os.pipe()
    os.write(w, bad.encode())
    os.close(w)
    p = subprocess.run([SB, "--agent", "--agent-token-fd", str(r), "-c", "echo RAN"],
                       pass_fds=(r,), capture_output=True, timeout=20)
    os.close(r)
    ok(p.returncode == 2 and b"RAN" not in p.stdout and b"--agent-token-fd" in p.stderr,
       "--agent-token-fd with %s: refused, nothing run" % why, p)
done()
