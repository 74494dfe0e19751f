#!/usr/bin/python3
"""tests/load/load.py — sbxsh under load, with figures (issue 11).

    python3 tests/load/load.py build/sbxsh            # full scale (~4 min)
    python3 tests/load/load.py --smoke build/sbxsh    # scaled down, < 60 s (CTest load/smoke)
    python3 tests/load/load.py --only typing,pipe1g build/sbxsh

Every case drives one interactive session through a real pty (python's
pty module; nothing from PyPI), the way a person or an agent would, and
reports its figures in one table, with bash doing the same work beside
it where that means something. Each case must also keep three
invariants, and the run fails (exit 1) when one breaks:

- no output lost: every command typed is answered, every line a job
  printed arrives, byte counts and checksums match;
- no descriptor leaked: /proc/PID/fd of the session's processes (the
  supervisor and the shell) is the same before and after the case;
- no zombie left: no process of the session is a zombie once the case
  is over.

The cases: a flood of commands typed at a fixed rate for a while; many
background jobs at once; a 64-stage pipeline; a large volume through a
pipeline; a large history (start-up time and memory with it); many
executables in the persistent bin folder (completion and lookup time);
two sessions of one workflow at once, both installing into the shared
.sandbox-cache (pip from a local folder, npm from a local tarball made
by npm pack: tests/integration/lib/localpkgs.bash, no network).
"""
import argparse
import errno
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SRC, "tests", "integration", "lib"))
import strict  # noqa: E402

PS1 = "LOADPS1$ "
BASH = shutil.which("bash")

# name: (full, smoke)
SCALE = {
    "typing_rate": (1000, 200),      # commands per second typed
    "typing_secs": (60, 4),
    "bg_jobs": (500, 100),
    "stages": (64, 64),
    "stage_lines": (200000, 20000),
    "pipe_bytes": (1 << 30, 64 << 20),
    "history": (100000, 10000),
    "executables": (10000, 1000),
    "lookups": (2000, 500),
    "completions": (20, 5),
    "install": (1, 1),
}


class Fail(Exception):
    pass


class Session:
    """One interactive shell in a pty: our own select loop, so a flood of
    output never blocks what we type and nothing needs pexpect."""

    def __init__(self, argv, env, cwd):
        self.t0 = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        attr = termios.tcgetattr(fd)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, b"\x28\x00\xc8\x00\x00\x00\x00\x00")
        del attr
        os.set_blocking(fd, False)
        self.buf = bytearray()
        self.pos = 0          # what expect() has consumed
        self.eof = False

    def _read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError as e:
            if e.errno == errno.EIO:
                self.eof = True
                return False
            raise
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def expect(self, pattern, timeout=30):
        """Waits for |pattern| (bytes regex) after what was consumed;
        returns the match and consumes through it."""
        rx = re.compile(pattern, re.S) if isinstance(pattern, bytes) else pattern
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.buf, self.pos)
            if m:
                self.pos = m.end()
                return m
            left = end - time.monotonic()
            if left <= 0 or self.eof:
                raise Fail("timeout waiting for %r; last output: %r"
                           % (rx.pattern, bytes(self.buf[-400:])))
            self._read(min(left, 0.5))

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        while data:
            try:
                n = os.write(self.fd, data)
                data = data[n:]
            except BlockingIOError:
                self._read(0.01)  # drain, so the shell can go on

    def drain(self, secs=0.0):
        end = time.monotonic() + secs
        while self._read(max(0, end - time.monotonic())):
            pass

    seq = 0

    def run(self, line, timeout=120):
        """Runs |line|; returns (output bytes, status, seconds). The end
        marker is built from two words so the echo of the typed line
        never matches it."""
        Session.seq += 1
        tag = "%d" % Session.seq
        t = time.monotonic()
        self.send("%s\r" % line)
        self.send("echo \"__END\"\"%s_$?__\"\r" % tag)
        start = len(self.buf)
        m = self.expect(rb"__END" + tag.encode() + rb"_(\d+)__\r?\n", timeout)
        return bytes(self.buf[start:m.start()]), int(m.group(1)), time.monotonic() - t

    def close(self):
        if not self.eof:
            try:
                self.send("exit\r")
            except OSError:
                pass
            end = time.monotonic() + 5
            while not self.eof and time.monotonic() < end:
                self._read(0.2)
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)

    # ---- what /proc says about the session --------------------------
    def tree(self):
        """The session's processes: pid -> (ppid, state, comm)."""
        procs = {}
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % d) as f:
                    s = f.read()
            except OSError:
                continue
            comm = s[s.index("(") + 1:s.rindex(")")]
            rest = s[s.rindex(")") + 2:].split()
            procs[int(d)] = (int(rest[1]), rest[0], comm, int(rest[2]))
        mine, todo = {}, [self.pid]
        while todo:
            p = todo.pop()
            if p in procs:
                mine[p] = procs[p]
            todo += [q for q, v in procs.items() if v[0] == p and q not in mine]
        return mine

    def shells(self):
        """The pids whose descriptors we watch: the pty's child and the
        shell itself (the foreground group's leader at the prompt)."""
        pids = {self.pid}
        try:
            pg = os.tcgetpgrp(self.fd)
            if pg > 0 and pg in self.tree():
                pids.add(pg)
        except OSError:
            pass
        return sorted(pids)

    def fds(self):
        out = {}
        for p in self.shells():
            try:
                for n in os.listdir("/proc/%d/fd" % p):
                    try:
                        t = os.readlink("/proc/%d/fd/%s" % (p, n))
                    except OSError:
                        continue
                    # a pipe or socket is the same descriptor with a new inode
                    out["%d:%s" % (p == self.pid, n)] = re.sub(r"\[\d+\]", "[]", t)
            except OSError:
                pass
        return out

    def zombies(self, settle=3.0):
        end = time.monotonic() + settle
        while True:
            z = [(p, v[2]) for p, v in self.tree().items() if v[1] == "Z"]
            if not z or time.monotonic() > end:
                return z
            time.sleep(0.1)

    def rss_kib(self, which="VmRSS"):
        pids = self.shells()
        tot = 0
        for p in pids:
            try:
                with open("/proc/%d/status" % p) as f:
                    for line in f:
                        if line.startswith(which + ":"):
                            tot = max(tot, int(line.split()[1]))
            except OSError:
                pass
        return tot


class Env:
    """A scratch root with a home, a workspace and a state dir; sessions
    of sbxsh or bash in it."""

    def __init__(self, sbxsh, name):
        self.sbxsh = sbxsh
        self.root = tempfile.mkdtemp(prefix="sbx-load-%s." % name, dir="/var/tmp")
        self.home = os.path.join(self.root, "home")
        self.ws = os.path.join(self.root, "ws")
        self.state = os.path.join(self.root, "state")
        self.tmp = os.path.join(self.root, "tmp")
        for d in (self.home, self.ws, self.state, self.tmp):
            os.makedirs(d)
        self.env = {
            "HOME": self.home, "PATH": "/usr/local/bin:/usr/bin:/bin",
            "TERM": "xterm", "LANG": "C.UTF-8", "PS1": PS1,
            "XDG_STATE_HOME": self.state, "TMPDIR": self.tmp,
        }

    def sbx(self, extra_env=None, args=()):
        e = dict(self.env, **(extra_env or {}))
        return Session([self.sbxsh, "--workspace", self.ws, "--agent"]
                       + list(args), e, self.ws)

    def bash(self, extra_env=None):
        e = dict(self.env, **(extra_env or {}))
        e.setdefault("HISTFILE", os.path.join(self.root, "bash_history"))
        return Session([BASH, "--norc", "--noprofile", "-i"], e, self.ws)

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


def start(s, timeout=30):
    """Seconds from spawn to the first prompt."""
    s.expect(re.escape(PS1.encode()), timeout)
    return time.monotonic() - s.t0


# ---- reporting ---------------------------------------------------------
ROWS = []       # (case, figure, sbxsh, bash)
FAILS = []


def row(case, figure, sbx, bash="-"):
    ROWS.append((case, figure, sbx, bash))


def invariant(case, cond, what):
    if not cond:
        FAILS.append("%s: %s" % (case, what))
    return cond


def invariants(case, s, fds0, label="sbxsh", record=True, settle=3.0):
    """The descriptor and zombie invariants of one session after one
    case; returns what broke."""
    s.drain(0.2)
    fds1 = s.fds()
    leak = {k: v for k, v in fds1.items() if fds0.get(k) != v}
    gone = {k: v for k, v in fds0.items() if k not in fds1}
    z = s.zombies(settle)
    bad = []
    if leak or gone:
        bad.append("%s: descriptors changed: before %r, after %r" % (label, fds0, fds1))
    if z:
        bad.append("%s: zombies left: %r" % (label, z))
    if record:
        for b in bad:
            invariant(case, False, b)
    return bad


def controls(sbxsh, scale):
    """The checks can fail: a descriptor the shell keeps open and a
    zombie in the session's tree are both seen."""
    e = Env(sbxsh, "control")
    s = e.sbx()
    try:
        start(s)
        s.run("true")
        fds0 = s.fds()
        s.run("exec 9</dev/null")
        bad = invariants("control", s, fds0, record=False, settle=0)
        invariant("control", any("descriptors" in b for b in bad),
                  "an fd left open by the shell (exec 9</dev/null) was not seen: %r" % bad)
        s.run("exec 9<&-")
        # the child sleep 0.1 is never reaped by the exec'd sleep 2
        s.run("sh -c 'sleep 0.1 & exec sleep 2' &")
        time.sleep(1)
        bad = invariants("control", s, fds0, record=False, settle=0)
        invariant("control", any("zombies" in b for b in bad),
                  "a zombie in the session was not seen: %r" % bad)
        s.run("wait")
        row("control", "a leaked fd and a zombie are seen by the checks", "yes")
    finally:
        s.close()
        e.cleanup()


def plain(b):
    """Output with the OSC marks and CSI sequences taken out."""
    b = re.sub(rb"\x1b\][^\x07]*\x07", b"", b)
    return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", b)


def fmt_rate(n, secs):
    return "%.0f/s" % (n / secs) if secs > 0 else "-"


def ms(secs):
    return "%.1f ms" % (secs * 1000)


# ---- the cases -----------------------------------------------------------
def typing(sbxsh, scale):
    rate, secs = scale["typing_rate"], scale["typing_secs"]
    total = rate * secs
    for shell in ("sbxsh", "bash") if not os.environ.get("LOAD_SBXSH_ONLY") else ("sbxsh",):
        e = Env(sbxsh, "typing")
        s = e.sbx() if shell == "sbxsh" else e.bash()
        try:
            start(s)
            s.run("true")
            fds0 = s.fds()
            # Lines typed in batches of 10 ms; the output is drained all
            # the time, so the shell is never blocked on us.
            t0 = time.monotonic()
            batch = max(1, rate // 100)
            sent = 0
            while sent < total:
                due = t0 + sent / rate
                now = time.monotonic()
                if now < due:
                    s._read(due - now)
                    continue
                chunk = "".join('echo "R""%d"\r' % (sent + i)
                                for i in range(min(batch, total - sent)))
                s.send(chunk)
                sent += min(batch, total - sent)
            typed_secs = time.monotonic() - t0
            out, st, _ = s.run("true", timeout=max(120, secs * 4))
            done_secs = time.monotonic() - t0
            # R<n> is only output: the typed line has R"" (the terminal's
            # echo of typed-ahead lines may come right before it)
            ids = [int(x) for x in re.findall(rb"R(\d+)\r\n", bytes(s.buf))]
            got = set(ids)
            twice = len(ids) - len(got)
            lost = total - len(got & set(range(total)))
            if shell == "sbxsh":
                miss = sorted(set(range(total)) - got)[:5]
                ctx = b""
                for m in miss[:2]:
                    # where it should have been: after the previous one's output
                    i = bytes(s.buf).find(b"R%d\r\n" % (m - 1))
                    ctx += b" | " + bytes(s.buf[max(0, i - 100):i + 300])
                invariant("typing", lost == 0,
                          "%d of %d typed commands gave no output (%r; near: %r)"
                          % (lost, total, miss, ctx))
                invariant("typing", twice == 0, "%d commands answered twice" % twice)
                invariants("typing", s, fds0)
            res = (fmt_rate(total, typed_secs), fmt_rate(total, done_secs),
                   "%d" % lost)
        finally:
            s.close()
            e.cleanup()
        if shell == "sbxsh":
            r_sbx = r_bash = res
        else:
            r_bash = res
    row("typing", "%d commands typed at %d/s: typed rate" % (total, rate), r_sbx[0], r_bash[0])
    row("typing", "  rate answered (until the last output)", r_sbx[1], r_bash[1])
    row("typing", "  commands with no output", r_sbx[2], r_bash[2])


def bg_jobs(sbxsh, scale):
    n = scale["bg_jobs"]
    line = ('i=0; while [ $i -lt %d ]; do { sleep 2; echo "J""$i"; } & '
            'i=$((i+1)); done' % n)
    res = {}
    for shell in ("sbxsh", "bash"):
        e = Env(sbxsh, "jobs")
        s = e.sbx() if shell == "sbxsh" else e.bash()
        try:
            start(s)
            s.run("true")
            fds0 = s.fds()
            _, st, t_start = s.run(line, timeout=300)
            # The line returns once every job is forked; a job becomes a
            # "sleep" only when its subshell has exec'd it, which on a
            # busy machine comes later (CI saw 26 of 100 at once). Each
            # sleeps 2 s: look again until all are seen, for 1.5 s.
            peak, t_look = 0, time.monotonic()
            while True:
                peak = max(peak, sum(1 for v in s.tree().values() if v[2] == "sleep"))
                if peak >= n or time.monotonic() - t_look > 1.5:
                    break
                time.sleep(0.05)
            out, st2, t_wait = s.run("wait", timeout=300)
            s.run("jobs")  # the notices
            got = set(int(x) for x in re.findall(rb"J(\d+)\r\n", bytes(s.buf)))
            lost = n - len(got & set(range(n)))
            if shell == "sbxsh":
                invariant("jobs", lost == 0, "%d of %d jobs' output lost" % (lost, n))
                invariant("jobs", peak >= n * 0.9,
                          "only %d of %d jobs ran at once" % (peak, n))
                invariants("jobs", s, fds0)
            res[shell] = (ms(t_start), "%d" % peak, ms(t_wait), "%d" % lost)
        finally:
            s.close()
            e.cleanup()
    row("jobs", "%d background jobs: time to start them all" % n, res["sbxsh"][0], res["bash"][0])
    row("jobs", "  running at once (sleep processes seen)", res["sbxsh"][1], res["bash"][1])
    row("jobs", "  wait until all reaped (each sleeps 2 s)", res["sbxsh"][2], res["bash"][2])
    row("jobs", "  jobs whose output was lost", res["sbxsh"][3], res["bash"][3])


def pipeline(sbxsh, scale):
    k, lines = scale["stages"], scale["stage_lines"]
    want = subprocess.run("seq %d | md5sum" % lines, shell=True,
                          capture_output=True, text=True).stdout.split()[0]
    line = "seq %d %s | md5sum" % (lines, "| cat " * (k - 2))
    res = {}
    for shell in ("sbxsh", "bash"):
        e = Env(sbxsh, "pipe")
        s = e.sbx() if shell == "sbxsh" else e.bash()
        try:
            start(s)
            s.run("true")
            fds0 = s.fds()
            times = []
            ok_all = True
            for _ in range(3):
                out, st, t = s.run(line)
                ok_all = ok_all and st == 0 and want.encode() in out
                times.append(t)
            if shell == "sbxsh":
                invariant("pipeline", ok_all, "a %d-stage pipeline lost or changed data" % k)
                invariants("pipeline", s, fds0)
            res[shell] = ms(statistics.median(times))
        finally:
            s.close()
            e.cleanup()
    row("pipeline", "%d-stage pipeline, %d lines (median of 3)" % (k, lines), res["sbxsh"], res["bash"])


def pipe_bytes(sbxsh, scale):
    n = scale["pipe_bytes"]
    line = "head -c %d /dev/zero | cat | cat | wc -c" % n
    res = {}
    for shell in ("sbxsh", "bash"):
        e = Env(sbxsh, "bytes")
        s = e.sbx() if shell == "sbxsh" else e.bash()
        try:
            start(s)
            s.run("true")
            fds0 = s.fds()
            out, st, t = s.run(line, timeout=600)
            got = re.findall(rb"(?m)^\s*(\d+)\r?$", plain(out))
            good = st == 0 and got and int(got[-1]) == n
            if shell == "sbxsh":
                invariant("bytes", good, "%d bytes through a pipeline: got %r" % (n, out[-200:]))
                invariants("bytes", s, fds0)
            res[shell] = "%.0f MiB/s" % (n / t / (1 << 20))
        finally:
            s.close()
            e.cleanup()
    row("bytes", "%d MiB through a 4-stage pipeline" % (n >> 20), res["sbxsh"], res["bash"])


def agent_history_name(ws):
    """The history file of an --agent session of |ws|
    (shell/interactive/histfile.h): <id>-<FNV-1a of the path>.agent.history."""
    w = os.path.realpath(ws)
    h = 0xcbf29ce484222325
    for b in w.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
    return "%s-%016x.agent.history" % (os.path.basename(w), h)


def history(sbxsh, scale):
    n = scale["history"]
    res = {}
    for shell in ("sbxsh", "bash"):
        figs = []
        for entries in (0, n):
            e = Env(sbxsh, "hist")
            try:
                text = "".join("echo history entry %d with some words\n" % i
                               for i in range(entries))
                if shell == "sbxsh":
                    d = os.path.join(e.state, "sbxsh")
                    os.makedirs(d, mode=0o700)
                    hf = os.path.join(d, agent_history_name(e.ws))
                    extra = {}
                else:
                    hf = os.path.join(e.root, "bash_history")
                    extra = {"HISTFILE": hf, "HISTSIZE": str(n + 10),
                             "HISTFILESIZE": str(n + 10)}
                times, rss = [], 0
                for _ in range(3):
                    # the same file each time (a session appends to it)
                    with open(hf, "w") as f:
                        f.write(text)
                    os.chmod(hf, 0o600)
                    s = e.sbx(extra) if shell == "sbxsh" else e.bash(extra)
                    try:
                        times.append(start(s))
                        fds0 = s.fds()
                        out, st, _ = s.run("history | tail -n 2; history | wc -l")
                        rss = max(rss, s.rss_kib("VmHWM"))
                        nums = re.findall(rb"(?m)^\s*(\d+)\r?$", plain(out))
                        kept = int(nums[-1]) if nums else -1
                        if entries and shell == "sbxsh":
                            invariant("history", b"entry %d " % (entries - 1) in out,
                                      "the newest of %d history entries is not listed: %r"
                                      % (entries, out[-200:]))
                        if shell == "sbxsh":
                            invariants("history", s, fds0)
                    finally:
                        s.close()
                figs.append((statistics.median(times), rss, kept))
            finally:
                e.cleanup()
        res[shell] = figs
    row("history", "start-up to the first prompt, empty history",
        ms(res["sbxsh"][0][0]), ms(res["bash"][0][0]))
    row("history", "  with %d entries" % n, ms(res["sbxsh"][1][0]), ms(res["bash"][1][0]))
    row("history", "  entries `history` lists with %d in the file" % n,
        "%d" % res["sbxsh"][1][2], "%d" % res["bash"][1][2])
    row("history", "  peak RSS, empty history", "%d KiB" % res["sbxsh"][0][1],
        "%d KiB" % res["bash"][0][1])
    row("history", "  peak RSS with %d entries" % n, "%d KiB" % res["sbxsh"][1][1],
        "%d KiB" % res["bash"][1][1])


def executables(sbxsh, scale):
    n, loops, ncomp = scale["executables"], scale["lookups"], scale["completions"]
    # "t00999z": typing "t00999" leaves one candidate, and TAB must
    # still look at all n names (nothing else in the folder says so)
    last = "t%05dz" % (n - 1)
    res = {}
    for shell in ("sbxsh", "bash"):
        e = Env(sbxsh, "bin")
        # the persistent bin dir, as installs leave it; bash gets it on PATH
        bindir = os.path.join(e.ws, ".sandbox-cache", "bin")
        os.makedirs(bindir)
        os.chmod(os.path.join(e.ws, ".sandbox-cache"), 0o755)
        for i in range(n):
            p = os.path.join(bindir, "t%05dz" % i)
            with open(p, "w") as f:
                f.write("#!/bin/sh\necho ran-%d\n" % i)
            os.chmod(p, 0o755)
        extra = {} if shell == "sbxsh" else {"PATH": bindir + ":" + e.env["PATH"]}
        s = e.sbx(extra) if shell == "sbxsh" else e.bash(extra)
        try:
            start(s, timeout=60)
            s.run("true")
            fds0 = s.fds()
            # completion of a unique name: typed but its last digit, TAB
            ctimes = []
            for i in range(ncomp):
                s.send(last[:-1])
                s.expect(re.escape(last[:-1].encode()))
                t = time.monotonic()
                s.send("\t")
                s.expect(rb"z ")
                ctimes.append(time.monotonic() - t)
                s.send("\x15")   # kill the line
                s.drain(0.05)
            out, st, t_one = s.run(last)
            found = b"ran-%d" % (n - 1) in out
            _, st2, t_loop = s.run("i=0; while [ $i -lt %d ]; do command -v %s "
                                   ">/dev/null; i=$((i+1)); done" % (loops, last))
            _, st3, t_base = s.run("i=0; while [ $i -lt %d ]; do command -v cd "
                                   ">/dev/null; i=$((i+1)); done" % loops)
            if shell == "sbxsh":
                invariant("bin", found, "%s in the persistent bin dir did not run: %r"
                          % (last, out[-200:]))
                invariants("bin", s, fds0)
            res[shell] = (ms(ctimes[0]), ms(statistics.median(ctimes[1:] or ctimes)),
                          "%.1f us" % (t_loop / loops * 1e6),
                          "%.1f us" % (t_base / loops * 1e6),
                          ms(t_one))
        finally:
            s.close()
            e.cleanup()
    row("bin", "%d executables in .sandbox-cache/bin: first TAB" % n, res["sbxsh"][0], res["bash"][0])
    row("bin", "  TAB again (median of %d)" % (ncomp - 1), res["sbxsh"][1], res["bash"][1])
    row("bin", "  lookup: one loop turn with command -v " + last, res["sbxsh"][2], res["bash"][2])
    row("bin", "  the same turn with command -v cd (a builtin)", res["sbxsh"][3], res["bash"][3])
    row("bin", "  run the last one (line to output)", res["sbxsh"][4], res["bash"][4])


def install(sbxsh, scale):
    e = Env(sbxsh, "install")
    try:
        T = os.path.join(e.root, "pk")
        os.makedirs(T)
        r = subprocess.run(
            ["bash", "-c", '. "$1/tests/integration/lib/tap.bash"; '
             '. "$1/tests/integration/lib/localpkgs.bash"; echo "NODE_DIR=$NODE_DIR"',
             "_", SRC],
            env=dict(os.environ, T=T, H=e.home, WS=e.ws), capture_output=True, text=True)
        if r.returncode != 0:
            need = "npm" if "npm" in r.stdout else "pip"
            if strict.may_skip(need):
                row("install", "two sessions installing at once", "skipped: " +
                    r.stdout.strip().splitlines()[-1][:40])
                return
            FAILS.append("install: " + strict.why(need, r.stdout.strip()))
            return
        node = re.search(r"NODE_DIR=(\S+)", r.stdout).group(1)
        # B installs a second npm tool into the same prefix, at the same
        # time: two `npm install -g` of one tarball at once race inside
        # npm itself (its staging folder in lib/node_modules: exit 239 or
        # 254, seen under load), which is npm's, not the folders sbxsh
        # makes. Two tools still share lib/node_modules and bin/.
        od = os.path.join(T, "other-tool")
        os.makedirs(os.path.join(od, "bin"))
        with open(os.path.join(od, "package.json"), "w") as f:
            f.write('{"name": "other-tool", "version": "1.0.0", "license": "MIT",'
                    ' "bin": {"other-tool": "bin/cli.js"}}\n')
        with open(os.path.join(od, "bin", "cli.js"), "w") as f:
            f.write('#!/usr/bin/env node\nconsole.log("other-tool ok");\n')
        os.chmod(os.path.join(od, "bin", "cli.js"), 0o755)
        pk = subprocess.run(["npm", "pack", "--silent"], cwd=od, capture_output=True,
                            env={"HOME": e.home, "PATH": node + ":/usr/bin:/bin",
                                 "npm_config_cache": os.path.join(T, "npm-pack-cache")})
        if pk.returncode != 0:
            FAILS.append("install: npm pack of other-tool failed: %r" % pk.stderr[-200:])
            return
        os.rename(os.path.join(od, "other-tool-1.0.0.tgz"),
                  os.path.join(e.ws, "other-tool.tgz"))
        extra = {"PATH": node + ":/usr/bin:/bin", "NO_UPDATE_NOTIFIER": "1",
                 "npm_config_audit": "false", "npm_config_fund": "false",
                 "npm_config_update_notifier": "false"}
        a, b = e.sbx(extra), e.sbx(extra)
        try:
            start(a), start(b)
            a.run("true"), b.run("true")
            fa, fb = a.fds(), b.fds()
            cmd = ("python3 -m pip install -q --user --no-index --no-build-isolation "
                   "./%s && npm install -g --silent --no-audit --no-fund ./%s.tgz")
            t0 = time.monotonic()
            # both lines typed before either is answered: they run at once
            Session.seq += 1
            ta, tb = "A%d" % Session.seq, "B%d" % Session.seq
            a.send((cmd % ("localpkg", "local-tool")) + '; echo "__I""%s_$?__"\r' % ta)
            b.send((cmd % ("otherpkg", "other-tool")) + '; echo "__I""%s_$?__"\r' % tb)
            ends = {}
            for s, tag in ((a, ta), (b, tb)):
                s.pos = 0
                m = s.expect(rb"__I" + tag.encode() + rb"_(\d+)__", timeout=300)
                ends[tag] = (int(m.group(1)), time.monotonic() - t0)
            ok_both = all(st == 0 for st, _ in ends.values())
            invariant("install", ok_both, "an install failed: %r / %r" %
                      (bytes(a.buf[-600:]), bytes(b.buf[-600:])))
            out, st, _ = a.run("localpkg-hello; otherpkg-hello; local-tool; other-tool; "
                               "ls -d .sandbox-runs/2* | wc -l")
            invariant("install", b"localpkg hello" in out and b"otherpkg hello" in out
                      and b"local-tool ok" in out and b"other-tool ok" in out,
                      "after both installs, a tool is missing: %r" % out[-400:])
            nruns = re.findall(rb"(?m)^\s*(\d+)\r?$", plain(out))
            invariant("install", nruns and int(nruns[-1]) == 2,
                      "two sessions at once did not get two run folders: %r" % out[-200:])
            invariants("install", a, fa, "session A")
            invariants("install", b, fb, "session B")
        finally:
            a.close()
            b.close()
        row("install", "two sessions of one workflow, pip+npm at once: A",
            "%.1f s" % ends[ta][1])
        row("install", "  B (into the same .sandbox-cache)", "%.1f s" % ends[tb][1])
    finally:
        e.cleanup()


CASES = [("control", controls), ("typing", typing), ("jobs", bg_jobs), ("pipeline", pipeline),
         ("bytes", pipe_bytes), ("history", history), ("bin", executables),
         ("install", install)]


# Cases the CTest smoke run leaves out, and why. The full run keeps them.
# (The install case is back in: its pip EEXIST race, distlib's exists()
# then mkdir() of python/bin, is gone since sbxsh makes the PATH bin
# folders of .sandbox-cache at start-up; integration/concurrent.sh.)
SMOKE_LEAVES_OUT = {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="scaled down, < 60 s")
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("sbxsh", nargs="?", default=os.environ.get("SBXSH"))
    o = ap.parse_args()
    if not o.sbxsh or not os.access(o.sbxsh, os.X_OK):
        strict.skip_all("sbxsh", "no sbxsh binary (argument or $SBXSH)")
    if not BASH:
        strict.skip_all("bash", "no bash to compare with")
    sbxsh = os.path.abspath(o.sbxsh)
    scale = {k: v[1 if o.smoke else 0] for k, v in SCALE.items()}
    only = set(filter(None, o.only.split(",")))
    t_all = time.monotonic()
    for name, fn in CASES:
        if only and name not in only:
            continue
        if o.smoke and name in SMOKE_LEAVES_OUT and not only:
            print("# %s: not in --smoke: %s" % (name, SMOKE_LEAVES_OUT[name]), flush=True)
            continue
        t = time.monotonic()
        try:
            fn(sbxsh, scale)
        except Fail as e:
            FAILS.append("%s: %s" % (name, e))
        print("# %s: %.1f s" % (name, time.monotonic() - t), flush=True)
    w = [max(len(r[i]) for r in ROWS + [("case", "figure", "sbxsh", "bash")])
         for i in range(4)]
    print("%-*s  %-*s  %*s  %*s" % (w[0], "case", w[1], "figure", w[2], "sbxsh", w[3], "bash"))
    print("  ".join("-" * x for x in w))
    for r in ROWS:
        print("%-*s  %-*s  %*s  %*s" % (w[0], r[0], w[1], r[1], w[2], r[2], w[3], r[3]))
    print("# %s run: %.1f s; %s" % ("smoke" if o.smoke else "full",
                                    time.monotonic() - t_all, " ".join(sys.argv)))
    for f in FAILS:
        print("FAIL: " + f)
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
