#!/usr/bin/python3
"""pty: nothing a job chose reaches the terminal raw (issue 20 item 6,
docs/design.md §2b). Every byte sbxsh writes to a real pty during and after an
interactive session is captured, and the exact hostile bytes a job
planted must not be in it, while their escaped form must be:

  - processes the job leaves behind, named (PR_SET_NAME) with an OSC
    title and a clear-screen, with C1 controls as UTF-8 (U+009B CSI,
    U+009D OSC), a raw 8-bit CSI byte and DEL: reported at the end by the
    PID namespace's init (both backends), and by the shell itself where
    there is no PID namespace (root: unshare made to fail under strace);
  - a repository the job makes, whose folder, branch and remote names
    (branch.X.description, remote.X.pushurl: keys no clone writes) and
    a hook's file name hold ESC, DEL and C1: the end-of-session git
    report;
  - a file name with escapes in a denial line (`set -o explain`), and in
    the shell's own error for the refused redirection;
  - a job whose command text (from a file the job wrote) holds them:
    `jobs`.

The control: the same bytes written by a job's own output do reach the
terminal (so the detector can see them). Prints TAP; exit 77 = skip."""
import io
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import AS_NOBODY, NO_UNSHARE, Sh, done, ok, text, wrapped  # noqa: E402
from strict import skip_all  # noqa: E402

import pexpect  # noqa: E402

if not shutil.which("git"):
    skip_all("git", "no git")

# The hostile bytes, each with a marker so that nothing sbxsh means to
# write (its OSC 133 marks, its colours) can be mistaken for them.
OSC_TITLE = b"\x1b]0;PWN\x07"
CLEAR = b"\x1b[2J"
CSI_U8 = b"\xc2\x9b31m"
OSC_U8 = b"\xc2\x9d0;PWN"
CSI_RAW = b"\x9b32m"
DEL = b"\x7fZ"
BAD = [(b"\x1b]0;PWN", "ESC ] 0;PWN (OSC title)"), (CLEAR, "ESC [2J"),
       (b"\xc2\x9b", "U+009B CSI as UTF-8"), (b"\xc2\x9d", "U+009D OSC as UTF-8"),
       (CSI_RAW, "a raw 0x9b CSI byte"), (b"\x7f", "DEL")]

COMMS = [OSC_TITLE + CLEAR, CSI_U8 + OSC_U8, b"A" + CSI_RAW + DEL]
REPO = b"r" + CLEAR + CSI_U8 + DEL
BRANCH = OSC_TITLE + OSC_U8
REMOTE = CSI_U8 + DEL + CSI_RAW
HOOK = b"h" + CSI_RAW + OSC_TITLE

LEAVE = """import ctypes, os, signal, sys, time
libc = ctypes.CDLL(None)
for name in %r:
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            fd = os.open("/dev/null", os.O_RDWR)
            for i in (0, 1, 2):
                os.dup2(fd, i)
            libc.prctl(15, ctypes.c_char_p(name), 0, 0, 0)
            time.sleep(120)
        os._exit(0)
    os.wait()
""" % (COMMS,)

MKREPO = """import os, subprocess
d = %r
subprocess.run([b"git", b"init", b"-q", d], check=True,
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
with open(os.path.join(d, b".git", b"config"), "ab") as f:
    f.write(b'[branch "' + %r + b'"]\\n\\tdescription = d\\n'
            b'[remote "' + %r + b'"]\\n\\tpushurl = /nowhere\\n')
open(os.path.join(d, b".git", b"hooks", %r), "w").close()
""" % (REPO, BRANCH, REMOTE, HOOK)

JOBFILE = b"true '" + OSC_TITLE + CSI_U8 + DEL + b"' | sleep 30 &\n"

# In the session: a name with the escapes, built from printf's octal
# escapes (the typed line itself is plain ASCII).
DENY = ('n=$(printf "\\033]0;PWN\\007\\302\\233x\\177"); '
        'echo x > "%s/out/f$n"')


def plant(root):
    ws = os.path.join(root, "demo")
    os.makedirs(ws, exist_ok=True)
    os.makedirs(os.path.join(root, "out"), exist_ok=True)
    os.chmod(os.path.join(root, "out"), 0o777)
    with open(os.path.join(ws, "leave.py"), "w") as f:
        f.write(LEAVE)
    with open(os.path.join(ws, "mkrepo.py"), "w") as f:
        f.write(MKREPO)
    with open(os.path.join(ws, "jobs.sh"), "wb") as f:
        f.write(JOBFILE)


def until_eof(s, timeout=20):
    try:
        s.c.expect(pexpect.EOF, timeout=timeout)
        return True
    except pexpect.TIMEOUT:
        return False


def session(label, nobody=False, **kw):
    root = tempfile.mkdtemp(prefix="sbx-ptyesc-")
    plant(root)
    if nobody:
        for d in ("home", "tmp"):
            os.makedirs(os.path.join(root, d), exist_ok=True)
        subprocess.run(["chown", "-R", "65534:65534", root], check=True)
    s = Sh.start(root=root, env={"GIT_CONFIG_NOSYSTEM": "1"}, **kw)
    cap = io.BytesIO()
    cap.write(s.banner)
    s.c.logfile_read = cap
    out, st = s.run("python3 leave.py; python3 mkrepo.py; echo planted")
    ok(b"planted" in out, "%s: the job planted its names" % label, text(out))
    out, st = s.run(DENY % root)
    ok(st != 0 and not os.listdir(os.path.join(root, "out")),
       "%s: the write outside was refused" % label, text(out))
    out, st = s.run(". ./jobs.sh; jobs; kill %1")
    s.send("exit\r")
    eof = until_eof(s)
    ok(eof, "%s: the session ended" % label, text(cap.getvalue()[-2000:]))
    data = cap.getvalue()
    for pat, what in BAD:
        i = data.find(pat)
        ok(i < 0, "%s: no raw %s reached the terminal" % (label, what),
           repr(data[max(0, i - 200):i + 60]))
    t = data.decode("utf-8", "replace")
    ok("left behind" in t and "\\x1b]0;PWN\\x07\\x1b[2J" in t and
       "\\xc2\\x9b31m\\xc2\\x9d0;PWN" in t and "A\\x9b32m\\x7fZ" in t,
       "%s: the left-behind processes are named, escaped" % label, t[-1500:])
    ok("new repository" in t and "r\\x1b[2J\\xc2\\x9b31m\\x7fZ" in t and
       "branch.\\x1b]0;PWN\\x07\\xc2\\x9d0;PWN.description" in t and
       "remote.\\xc2\\x9b31m\\x7fZ\\x9b32m.pushurl" in t and
       "h\\x9b32m\\x1b]0;PWN\\x07" in t,
       "%s: the git report names the repository, branch and remote, "
       "escaped" % label, t[-1500:])
    ok("denied" in t and "f\\x1b]0;PWN\\x07\\xc2\\x9bx\\x7f" in t,
       "%s: the denial line names the file, escaped" % label, t[-2500:])
    ok("sleep 30" in t and "true \"\\x1b]0;PWN\\x07\\xc2\\x9b31m\\x7fZ\"" in t,
       "%s: the job's text is shown escaped" % label, t[-2500:])
    s.cleanup()


def control():
    """The detector: a job's own output of those bytes does arrive."""
    s = Sh.start()
    cap = io.BytesIO()
    s.c.logfile_read = cap
    s.run("python3 -c 'import sys; sys.stdout.buffer.write("
          "b\"\\x1b]0;PWN\\x07\\x1b[2J\\xc2\\x9b31m\\xc2\\x9d0;PWN\\x9b32m\\x7fZ\\n\")'")
    s.send("exit\r")
    until_eof(s)
    data = cap.getvalue()
    for pat, what in BAD:
        ok(pat in data, "control: a job's own output of %s reaches the "
           "terminal (the check can fail)" % what, repr(data[-400:]))
    s.cleanup()


control()
for be in ("landlock", "namespace"):
    session(be, backend=be)

# As an ordinary user (setpriv), where that applies: both backends.
real = os.environ["SBXSH"]
wrap = wrapped("as nobody", AS_NOBODY, "setpriv")
if wrap:
    os.environ["SBXSH"] = wrap
    for be in ("landlock", "namespace"):
        session("nobody/" + be, nobody=True, backend=be)
    os.environ["SBXSH"] = real

# Without a PID namespace the shell ends what is left behind itself
# (shell/session/reap.c): unshare made to fail under strace (root only).
wrap = wrapped("no PID namespace", NO_UNSHARE, "strace-inject")
if wrap:
    os.environ["SBXSH"] = wrap
    session("no PID namespace", backend="landlock")
done()
