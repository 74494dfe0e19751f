#!/usr/bin/python3
"""pty: the mount layer's refusals get their denial line from the kernel's
syscall audit records (issue 23, backends/audit_mnt.c), at a terminal too.

A silent tool (stderr /dev/null, the path built at run time, so neither
stderr nor the scope checker can name it) is refused by the mount layer:
a file created under /etc (EROFS on a read-only bind), .git/config opened
for writing (EROFS) and a rename over it, as git does with its lock file
(EBUSY). As root with the kernel's audit on, under both backends, each
gets its `sbxsh: denied:` line at a terminal, through a pipe and to a
file; nothing was written (seen from outside). The banner names the
host-wide change (the session's audit rules, keyed sbxsh-<pid>-<helper pid>); the
rules are in the kernel's list while the session runs and gone after it
ends, after its supervisor is SIGKILLed (the helper removes them), and
after both are SIGKILLed (the next session removes the stale rules).
Controls: `false` and a tool refused by no sandbox rule (a missing file)
get no line.

As nobody: the rules cannot be added; the banner says the terminal gets
no line for these refusals, and the silent tool gets none.

Strict skips (lib/strict.py): not root ("root"), the kernel's audit that
cannot be turned on ("audit"), no git ("git")."""
import atexit
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402
from ptyhelp import AS_NOBODY, Sh, binary, done, ok, text, wrapped  # noqa: E402
from kaudit import D, audit, plant as kplant, lines, outside  # noqa: E402

# Paths built at run time: the checker sees none in the command's text.
EROFS_NEW = ("python3 -c \"import os; os.open('/e' + 'tc/sbx-mnt-%d' % "
             "os.getpid(), os.O_WRONLY | os.O_CREAT)\" 2>/dev/null")
EROFS_CFG = ("python3 -c \"import os; os.open('.g' + 'it/config', "
             "os.O_WRONLY)\" 2>/dev/null")
EBUSY_CFG = ("python3 -c \"import os; g = '.g' + 'it/'; "
             "open(g + 'config.lock', 'w').close(); "
             "os.rename(g + 'config.lock', g + 'config')\" 2>/dev/null")
MISSING = "python3 -c \"import os; os.open('nothere', os.O_RDONLY)\" 2>/dev/null"


def plant(nobody=False):
    return kplant("sbx-mden-", nobody=nobody, secret=False, git=True)



def rules():
    """The raw AUDIT_LIST_RULES answer (every rule's bytes)."""
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 9)
    s.bind((0, 0))
    s.settimeout(2)
    s.send(struct.pack("=IHHII", 16, 1013, 1 | 0x300, 7, 0))
    out = b""
    try:
        while True:
            d = s.recv(65536)
            out += d
            types = []
            k = 0
            while k + 16 <= len(d):
                n, t = struct.unpack("=IH", d[k:k + 6])
                types.append(t)
                k += (n + 3) & ~3 if n else len(d)
            if 3 in types or 2 in types:  # NLMSG_DONE / NLMSG_ERROR
                break
    except OSError:
        pass
    return out


def count(key):
    return rules().count(key.encode())


def gone(key, secs=3.0):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if count(key) == 0:
            return True
        time.sleep(0.05)
    return False


def key_of(s):
    m = re.search(r"keyed (sbxsh-(\d+)-\d+)", text(s.banner))
    return (m.group(1), int(m.group(2))) if m else (None, None)


def helper_of(p0):
    """The rule-removing helper: P0's child that made a session of its
    own (setsid), outside the PID namespace."""
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                st = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(st[1]) == p0 and int(st[3]) == int(d):
            return int(d)
    return None


if os.geteuid() != 0:
    strict.skip_all("root", "audit rules need root")
if not shutil.which("git"):
    strict.skip_all("git", "git is not installed")
was = audit()
if was is None:
    strict.skip_all("audit", "the kernel's audit status cannot be read")
if not was:
    # Audit off: the session says the terminal gets no line, and why.
    root = plant()
    p = subprocess.run([binary(), "--workspace", os.path.join(root, "demo"), "-c", "policy"],
                       env=dict(os.environ, HOME=os.path.join(root, "home")),
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=30)
    ok(re.search(rb"mount_denials: from stderr only .*gets no line: .*the kernel's audit is off",
                 p.stdout) is not None,
       "audit off: policy says the terminal gets no line for these, and why",
       text(p.stdout)[-800:])
    if not audit(1):
        strict.skip_all("audit", "the kernel's audit cannot be turned on")
    atexit.register(audit, 0)

for be in ("landlock", "namespace"):
    root = plant()
    s = Sh.start(root=root, backend=be)
    key, p0 = key_of(s)
    ok(key is not None and re.search(
        r"^sbxsh: mount_denials: from the kernel's audit records: .* syscall rules keyed "
        r"sbxsh-\d+-\d+ .*in the host's audit rules until it ends", text(s.banner), re.M),
       be + ": the banner names the session's audit rules", text(s.banner))
    if key is None:
        s.cleanup()
        continue
    # the helper adds them while the session starts (audit_mnt.c)
    for _ in range(60):
        if count(key) == 3:
            break
        time.sleep(0.05)
    ok(count(key) == 3, be + ": its three rules are in the kernel's list (seen from outside)",
       repr(count(key)))
    cfg = os.path.join(s.ws, ".git", "config")
    with open(cfg, "rb") as f:
        before = f.read()
    want_cfg = D + ("write %s (protected git-config: git runs commands it names outside "
                    "the sandbox) — policy check %s" % (cfg, cfg))
    want_etc = D + "write /etc (outside sandbox_writable: read-only) — policy check /etc"
    for cmd, want, what in ((EROFS_NEW, want_etc, "a new file under /etc (EROFS)"),
                            (EROFS_CFG, want_cfg, ".git/config opened to write (EROFS)"),
                            (EBUSY_CFG, want_cfg, "a rename over .git/config (EBUSY)")):
        out, st = s.run(cmd)
        ok(st != 0 and lines(out) == [want],
           "%s: %s, silent, at a terminal: the line" % (be, what), text(out))
        # Where stderr's reading names the refused file itself (a
        # pipe, a file), its line stands for the folder's record
        # (shell/session/denials.c): one line, the folder's or the file's.
        fine = re.compile(re.escape(want) + "|" + re.escape(D) +
                          r"write /etc/sbx-mnt-(\d+) \(outside sandbox_writable: "
                          r"read-only\) — policy check /etc/sbx-mnt-\1")
        for where, to_file in (("through a pipe", False), ("to a file", True)):
            got = outside(s, be, cmd, to_file)
            ok(len(got) == 1 and fine.fullmatch(got[0]) is not None,
               "%s: ... %s: the line" % (be, where), repr(got))
    with open(cfg, "rb") as f:
        ok(f.read() == before, be + ": .git/config unchanged (seen from outside)")
    ok(not [n for n in os.listdir("/etc") if n.startswith("sbx-mnt-")],
       be + ": nothing made in /etc (seen from outside)")
    out, st = s.run(MISSING)
    ok(st != 0 and lines(out) == [], be + ": a missing file: no line", text(out))
    out, st = s.run("false")
    ok(st == 1 and lines(out) == [], be + ": false: no line", text(out))
    s.close()
    ok(gone(key), be + ": the session ended: its rules are gone", repr(count(key)))
    s.cleanup()

# SIGKILL: the supervisor killed, the helper removes the rules.
root = plant()
s = Sh.start(root=root)
key, p0 = key_of(s)
if key:
    for _ in range(60):
        if count(key) == 3:
            break
        time.sleep(0.05)
    ok(count(key) == 3, "killed: the rules are there first")
    os.kill(p0, signal.SIGKILL)
    ok(gone(key), "killed: the supervisor SIGKILLed, its rules are gone", repr(count(key)))
s.close()
s.cleanup()

# Both killed (the helper first): the rules are stale until the next
# session's start, whose helper removes them.
root = plant()
s = Sh.start(root=root)
key, p0 = key_of(s)
h = helper_of(p0) if key else None
ok(h is not None, "stale: the helper is found (P0's child, a session of its own)")
if h:
    os.kill(h, signal.SIGKILL)
    os.kill(p0, signal.SIGKILL)
    s.close()  # reaped, as a killed session's parent does
    # (not asserted: any sbxsh session started meanwhile on this host,
    # a test running beside this one, removes them already)
    print("# stale: rules left after both were killed: %d" % count(key))
    s2 = Sh.start(root=plant())
    ok(gone(key), "stale: the next session's start removes them", repr(count(key)))
    k2, _ = key_of(s2)
    ok(k2 and count(k2) == 3, "stale: ... and keeps its own")
    s2.close()
    s2.cleanup()
s.close()
s.cleanup()

# The kernel's audit turned off: a root session adds no rule (none would
# ever write a record, and each costs the next session's start a wait
# behind its deletion), and `policy` says why the terminal gets no line.
audit(0)
root = plant()
s = Sh.start(root=root)
key, p0 = key_of(s)
out, st = s.run("/bin/true; policy")
pre = ("sbxsh-%d-" % p0).encode() if p0 else b"sbxsh-?"
ok(p0 is not None and st == 0 and rules().count(pre) == 0 and re.search(
    r"mount_denials: from stderr only .*the kernel's audit is off", text(out)) is not None,
   "audit off: the session's helper added no rule, and policy says why",
   "%s rules: %d %s" % (key, rules().count(pre), text(out)[-400:]))
s.close()
s.cleanup()
audit(1)

# As nobody: no rules, said in the banner; no line at a terminal.
real = os.environ["SBXSH"]
wrap = wrapped("as nobody", AS_NOBODY, "setpriv")
if wrap:
    os.environ["SBXSH"] = wrap
    root = plant(nobody=True)
    s = Sh.start(root=root, backend="landlock")
    ok(re.search(r"^sbxsh: mount_denials: from stderr only .*gets no line", text(s.banner),
                 re.M) is not None,
       "nobody: the banner says the terminal gets no line for these", text(s.banner))
    out, st = s.run(EROFS_CFG)
    ok(st != 0 and lines(out) == [], "nobody: the silent tool at a terminal: no line",
       text(out))
    s.cleanup()
    os.environ["SBXSH"] = real
done()
