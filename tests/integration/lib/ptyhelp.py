"""Shared pty driver for sbxsh's end-to-end tests (tests/integration/pty_*.py).

Starts the real binary ($SBXSH) in a real pty with pexpect and types as a
person would. Prints TAP; exits 77 (CTest skip) when the binary or pexpect
is unavailable or cannot start an interactive session here; under
SBXSH_TEST_STRICT=1 those fail instead (lib/strict.py), and so does a
default backend that cannot start (outside strict mode the tests then
run with --backend none, to test the shell at least).
"""
import atexit
import os
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strict  # noqa: E402

try:
    import pexpect
except ImportError:  # CI's python may be pyenv's; Debian's has pexpect
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    strict.skip_all("pexpect", "python3-pexpect is not installed")

ESC = "\x1b"
A_MARK = "\x1b]133;A\x07"
B_MARK = "\x1b]133;B\x07"
C_MARK = "\x1b]133;C\x07"
D_RE = re.compile(rb"\x1b\]133;D;(\d+)\x07")
RUN_RE = re.compile(rb"\x1b\]133;C\x07(.*?)\x1b\]133;D;(\d+)\x07", re.S)
# --agent ends every mark in ";token=<32 hex>" (docs/interactive.md).
TOKEN_RE = re.compile(rb";token=([0-9a-f]{32})(?=\x07)")
CTRL = {c: chr(ord(c) - 64) for c in "@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_"}

_n = 0
_failed = 0


def skip(why, need="sbxsh"):
    """The whole test cannot run here: 77, or a failure in strict mode."""
    strict.skip_all(need, why)


def skip_case(why, need):
    """One case cannot run here: "ok # SKIP", or not ok in strict mode."""
    if strict.may_skip(need):
        ok(True, "# SKIP " + why)
    else:
        ok(False, strict.why(need, why))


def ok(cond, desc, detail=""):
    global _n, _failed
    _n += 1
    print(f"{'ok' if cond else 'not ok'} {_n} - {desc}")
    if not cond:
        _failed += 1
        for line in str(detail).splitlines()[-40:]:
            print(f"#   {line}")
        sys.stdout.flush()
        strict.fail_fast()
    sys.stdout.flush()
    return cond


def done():
    print(f"1..{_n}")
    sys.exit(1 if _failed else 0)


def binary():
    b = os.environ.get("SBXSH")
    if not b or not os.access(b, os.X_OK):
        skip("SBXSH is not set to the sbxsh binary")
    return b


def wrapped(what, prefix, needs):
    """$SBXSH run under |prefix| (a shell command line: strace that makes
    unshare fail, setpriv), for a block of cases that need root and the
    tool |needs| names ("strace-inject", "setpriv"). Returns the path of
    a wrapper script to put in $SBXSH (its folder is removed at exit), or
    None after one "ok # SKIP" (a failure in strict mode) for |what|."""
    tool = prefix.split()[0]
    if os.geteuid() != 0 or not shutil.which(tool):
        name = "root" if os.geteuid() != 0 else needs
        if strict.may_skip(name):
            ok(True, "%s # SKIP needs root and %s" % (what, tool))
        else:
            ok(False, strict.why(name, "%s needs root and %s" % (what, tool)))
        return None
    d = tempfile.mkdtemp(prefix="sbx-pty-wrap-")
    os.chmod(d, 0o755)
    atexit.register(shutil.rmtree, d, True)
    w = os.path.join(d, "sbxsh")
    with open(w, "w") as f:
        f.write("#!/bin/sh\nexec %s '%s' \"$@\"\n" % (prefix, binary()))
    os.chmod(w, 0o755)
    return w


NO_UNSHARE = "strace -f -qq -o /dev/null -e inject=unshare:error=EPERM"
AS_NOBODY = "setpriv --reuid=65534 --regid=65534 --clear-groups"


class _Spawn(pexpect.spawn):
    """pexpect.spawn that takes the --agent token off the marks, so that
    the mark constants above match in every session; the tokens seen are
    kept in |tokens|. pty_agent_token.py checks the token itself, from
    the raw bytes, through docs/agent_driver.py. A mark split across two
    reads is held back until its BEL arrives."""

    def __init__(self, *a, **kw):
        self._held = b""
        self.tokens = set()
        super().__init__(*a, **kw)

    def read_nonblocking(self, size=1, timeout=-1):
        while True:
            try:
                data = super().read_nonblocking(size, timeout)
            except (pexpect.TIMEOUT, pexpect.EOF):
                if self._held:
                    data, self._held = self._held, b""
                    return data
                raise
            data = self._held + data
            self._held = b""
            i = data.rfind(b"\x1b]133;")
            if i >= 0 and b"\x07" not in data[i:]:
                data, self._held = data[:i], data[i:]
            else:
                for k in range(1, 6):
                    if data.endswith(b"\x1b]133;"[:k]):
                        data, self._held = data[:-k], data[-k:]
                        break
            self.tokens.update(m.group(1) for m in TOKEN_RE.finditer(data))
            data = TOKEN_RE.sub(b"", data)
            if data:
                return data


class Sh:
    """One interactive session in a fresh temp workspace."""

    # Decided once: the default backend, else "none" when the default
    # cannot start here; SBXSH_PTY_BACKEND forces one.
    BACKEND = os.environ.get("SBXSH_PTY_BACKEND")

    def __init__(self, agent=True, term="xterm", args=(), env=None, root=None,
                 ws_name="demo", backend=None, cols=120):
        self.root = root or tempfile.mkdtemp(prefix="sbx-pty-")
        self.ws = os.path.join(self.root, ws_name)
        self.home = os.path.join(self.root, "home")
        tmpdir = os.path.join(self.root, "tmp")
        # TMPDIR inside root: then /tmp is not a writable root and the
        # state dir (a sibling of the workspace) lies outside the sandbox.
        for d in (self.ws, self.home, tmpdir):
            os.makedirs(d, exist_ok=True)
        e = {k: v for k, v in os.environ.items()
             if k not in ("NO_COLOR", "PS1", "ENV", "EDITRC")}
        e.update(TERM=term, HOME=self.home, LANG="C.UTF-8",
                 XDG_STATE_HOME=os.path.join(self.root, "state"),
                 PATH="/usr/local/bin:/usr/bin:/bin", TMPDIR=tmpdir)
        if term is None:
            del e["TERM"]
        if env:
            e.update(env)
        self.env = e
        argv = ["--workspace", self.ws]
        if agent:
            argv.append("--agent")
        b = backend or Sh.BACKEND
        if b:
            argv += ["--backend", b]
        self.argv = argv + list(args)
        self.c = _Spawn(binary(), self.argv, env=e, cwd=self.ws,
                               dimensions=(40, cols), echo=True)
        self.c.delaybeforesend = 0.02
        self.banner = b""

    @classmethod
    def start(cls, **kw):
        """A session at its first prompt; picks the backend once."""
        if cls.BACKEND is None and "backend" not in kw:
            s = cls(**kw)
            i = s.c.expect([B_MARK, pexpect.EOF, pexpect.TIMEOUT], timeout=10)
            if i == 0:
                cls.BACKEND = ""
                s.banner = s.c.before
                return s
            s.close()
            if not strict.may_skip("landlock"):
                skip("the default backend does not reach a prompt, and "
                     "strict mode forbids falling back to --backend none: "
                     "%r" % s.c.before[-300:], "landlock")
            cls.BACKEND = "none"  # no Landlock here: still test the shell
        s = cls(**kw)
        i = s.c.expect([B_MARK, pexpect.EOF, pexpect.TIMEOUT], timeout=10)
        if i != 0:
            skip("sbxsh does not reach an interactive prompt: %r"
                 % s.c.before[-300:])
        s.banner = s.c.before
        return s

    def prompt(self, timeout=10):
        """Waits for the end of the next prompt; returns what came before."""
        self.c.expect_exact(B_MARK, timeout=timeout)
        return self.c.before

    def run(self, line, timeout=20):
        """Types |line| + Enter; returns (output, status) from the OSC 133
        C..D marks. Output has \\r\\n as the pty gives it."""
        self.c.send(line + "\r")
        before = self.prompt(timeout)
        m = RUN_RE.search(before)
        if not m:
            return before, None
        return m.group(1), int(m.group(2))

    def send(self, s):
        self.c.send(s)

    def ctrl(self, ch):
        self.c.send(CTRL[ch.upper()])

    def close(self, sig=None):
        if self.c.isalive():
            if sig:
                self.c.kill(sig)
            else:
                self.c.sendeof()
                try:
                    self.c.expect(pexpect.EOF, timeout=3)
                except pexpect.TIMEOUT:
                    pass
        self.c.close(force=True)

    def cleanup(self):
        self.close()
        shutil.rmtree(self.root, ignore_errors=True)


def history_file(sh, agent=True):
    """The history file of session |sh|'s workspace (histfile.h):
    <id>-<FNV-1a of the canonical path>[.agent].history in the state
    folder."""
    w = os.path.realpath(sh.ws)
    h = 0xcbf29ce484222325
    for b in w.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return os.path.join(sh.root, "state", "sbxsh", "%s-%016x%s.history" % (
        os.path.basename(w), h, ".agent" if agent else ""))


def text(b):
    """Output bytes with \\r\\n folded and escapes stripped, as str."""
    s = b.decode("utf-8", "replace").replace("\r\n", "\n")
    s = re.sub(r"\x1b\][^\x07]*\x07", "", s)
    s = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", s)
    return s
