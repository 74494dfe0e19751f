#!/usr/bin/env python3
"""A harness for `sbxsh --agent` that trusts only the shell's own marks.

Any command can print an OSC 133 mark (`printf '\\e]133;D;0\\a'` after a
failure): a harness that believes every mark it sees reads status 0 for
a command that failed. `sbxsh --agent` draws a token per session, prints
it once in its banner (`agent_token: <32 hex digits>`, before the first
prompt, where no command of the session has run yet), and ends every
mark it writes in `;token=<that token>`. This driver takes the token
from the banner and treats every mark without it as a command's output.
docs/interactive.md explains it; tests/integration/pty_agent_token.py
runs it against forged marks.

    from agent_driver import Agent
    sh = Agent(["sbxsh", "--agent", "--workspace", "/path/to/project"])
    out, status = sh.run("make test")
    sh.close()

Only the standard library (pty, os, select, re); Linux and Python 3.7+.
"""
import os
import pty
import re
import select
import time

TOKEN_LINE = re.compile(rb"agent_token: ([0-9a-f]{32})\r?\n")
# ESC ] 133 ; <A|B|C|D> [; params] BEL
MARK = re.compile(rb"\x1b\]133;([ABCD])((?:;[^\x07\x1b]*)?)\x07")


class Agent:
    """One `sbxsh --agent` session in a pty. |trust_token|=False is the
    naive harness that believes every mark (for comparison only)."""

    def __init__(self, argv, env=None, cwd=None, timeout=20,
                 trust_token=True):
        self.timeout = timeout
        self.trust_token = trust_token
        self.buf = b""
        self.token = None
        pid, fd = pty.fork()
        if pid == 0:  # the child: becomes sbxsh on the pty
            try:
                if cwd:
                    os.chdir(cwd)
                os.execvpe(argv[0], argv, env if env is not None
                           else os.environ)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        m = self._wait(lambda: TOKEN_LINE.search(self.buf))
        if trust_token:
            self.token = m.group(1).decode()
        # the first prompt: everything up to its (trusted) B mark
        self.banner = self.buf[:m.end()]
        self._next_mark("B", m.end())
        self.buf = b""

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("sbxsh sent nothing in time: %r"
                               % self.buf[-300:])
        r, _, _ = select.select([self.fd], [], [], left)
        if r:
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # EIO: the session ended
                data = b""
            if not data:
                raise EOFError("sbxsh ended: %r" % self.buf[-300:])
            self.buf += data

    def _wait(self, found):
        deadline = time.monotonic() + self.timeout
        while True:
            m = found()
            if m:
                return m
            self._read(deadline)

    def trusted(self, m):
        """Is mark |m| the shell's? Its last parameter must be the
        session's token; the naive harness believes any mark."""
        if not self.trust_token:
            return True
        return m.group(2).endswith(b";token=" + self.token.encode())

    def _next_mark(self, kind, pos):
        def find():
            for m in MARK.finditer(self.buf, pos):
                if m.group(1) == kind.encode() and self.trusted(m):
                    return m
            return None
        return self._wait(find)

    def run(self, line):
        """Types |line| + Enter; returns (output, status): the bytes
        between the shell's C and D marks (forged marks included, as the
        output they are) and the status the shell's D mark carries."""
        self.buf = b""
        os.write(self.fd, line.encode() + b"\r")
        c = self._next_mark("C", 0)
        d = self._next_mark("D", c.end())
        status = int(d.group(2).split(b";")[1])
        self._next_mark("B", d.end())
        out = self.buf[c.end():d.start()]
        self.buf = b""
        return out.replace(b"\r\n", b"\n"), status

    def close(self):
        try:
            os.write(self.fd, b"exit\r")
        except OSError:
            pass
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.05)
        else:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


if __name__ == "__main__":
    import sys
    sh = Agent(["sbxsh", "--agent"] + sys.argv[1:])
    for cmd in ("echo hello", "false", "printf '\\033]133;D;0\\007'; exit 3"):
        out, status = sh.run(cmd if "exit" not in cmd else "(%s)" % cmd)
        print("%r -> status %d, output %r" % (cmd, status, out))
    sh.close()
