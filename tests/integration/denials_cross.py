#!/usr/bin/python3
"""pty: another session's refusals never reach this session's denial lines
(issue 23; backends/audit_sup.c, backends/audit_mnt.c).

Every session's supervisor reads the whole host's audit stream, and passes
on to its shell only the records of its own Landlock domain and of its own
audit session. Here two sessions run at the same time, under both
backends: two root sessions of different workspaces (Landlock), a root session
beside one run as nobody (whose shell's own refusals the kernel still
logs: a Landlock domain logs what its creator itself is refused), and two
root sessions of the same workspace. While A runs a command that fails
(so that it reads its records), B is refused at its terminal: a silent
python3 creating a file under /etc, the shell's own redirection to /etc,
and a write to .git/config (the mount layer's EROFS). A prints no
`sbxsh: denied:` line and `policy why` has nothing; B explains its own
(where B is root); then A is refused a read itself and explains it.

The attack: the domain's "allocated" record names its creator by pid, and
pids come round again (pid_max is 32768 here). A process outside any
session makes a Landlock domain, leaves a child in it that has been
refused nothing yet, and exits, many times over; a session that starts
later and whose shell gets one of those pids (laid out here by
tests/kernel/ll_reuse through ns_last_pid, as anyone can by forking
round pid_max) would take that domain for its own: the child's
refusals, made while A's command runs, would come as A's lines. The supervisor
knows its shell's domain by the random name the shell has while it makes
it (audit_sup.c, as_comm()): this fails when that check is dropped
(tests/mutate.sh audit-domain-pid-only).

Records sent to the supervisor's socket by a process (root can: it
holds CAP_NET_ADMIN; no job can) are not the kernel's, and make no
line, though shaped like the session's own mount-layer records.

In a PID namespace of its own (a container), the supervisor cannot match
the records' host pids to its shell: `policy` says the source is off,
and why.

Strict skips (lib/strict.py): not root ("root"), the kernel's audit that
cannot be turned on ("audit"), no git ("git"), no unshare ("unshare"),
no tests/kernel/ll_reuse in $SBXSH_BUILD ("ll_reuse")."""
import atexit
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402
from ptyhelp import AS_NOBODY, RUN_RE, Sh, binary, done, ok, text, wrapped  # noqa: E402
from kaudit import D, audit, plant as kplant, lines  # noqa: E402

# Paths built at run time: the checker sees none in the command's text.
ETC_NEW = ("python3 -c \"import os; os.open('/e' + 'tc/sbx-cross-%d' % "
           "os.getpid(), os.O_WRONLY | os.O_CREAT)\" 2>/dev/null")
REDIR = "echo x > /etc/sbx-cross-redir"
GIT_CFG = ("python3 -c \"import os; os.open('.g' + 'it/config', "
           "os.O_WRONLY)\" 2>/dev/null")
SILENT_READ = ("python3 -c \"import os; os.open(os.environ['HOME'] + '/.s' + "
               "'sh/id_rsa', os.O_RDONLY)\" 2>/dev/null")
NO_WHY = "policy why: no denial explained yet"


def plant(nobody=False):
    return kplant("sbx-xden-", nobody=nobody, git=True)



def leftovers():
    for n in os.listdir("/etc"):
        if n.startswith("sbx-cross-"):
            os.unlink(os.path.join("/etc", n))


atexit.register(leftovers)


def waiting(s):
    """A command of |s| that fails once the harness says so (a file)."""
    flag = os.path.join(s.root, "tmp", "go")
    if os.path.exists(flag):
        os.unlink(flag)
    return flag, "sh -c 'while [ ! -e %s ]; do sleep 0.05; done; exit 1'" % flag


def pair(what, a, b, b_explains):
    """A runs a failing command while B is refused three times at its
    terminal; then A's own refusal."""
    flag, cmd = waiting(a)
    a.send(cmd + "\r")
    time.sleep(0.1)
    got_b = []
    for cmd in (ETC_NEW, REDIR, GIT_CFG):
        out, st = b.run(cmd)
        got_b += lines(out)
    time.sleep(0.1)
    open(flag, "w").close()
    before = a.prompt(timeout=20)
    m = RUN_RE.search(before)
    ok(m is not None and m.group(2) == b"1" and lines(m.group(1)) == [],
       what + ": A's command while B is refused: no line of B's", text(before)[-600:])
    if b_explains:
        ok(any("write /etc " in ln for ln in got_b) and
           any(".git/config" in ln for ln in got_b),
           what + ": B explains its own (/etc and .git/config)", repr(got_b))
    out, st = a.run("policy why")
    ok(NO_WHY in text(out) and "/etc" not in text(out),
       what + ": A's policy why has nothing", text(out))
    out, st = a.run(SILENT_READ)
    secret = os.path.join(a.home, ".ssh", "id_rsa")
    ok(st != 0 and lines(out) == [D + "read %s (masked secret: ssh) — policy check %s"
                                  % (secret, secret)],
       what + ": A explains its own refusal", text(out))
    out, st = a.run("policy why")
    ok(secret in text(out) and "/etc" not in text(out),
       what + ": A's policy why names its own, only", text(out))


# --- the attack: a domain made by an earlier holder of the shell's pid ---
def shell_of(p0):
    """The session's shell, as the host sees it: P0's child that is not
    pid 1 of the session's PID namespace."""
    try:
        with open("/proc/%d/task/%d/children" % (p0, p0)) as f:
            kids = f.read().split()
    except OSError:
        return None
    for k in kids:
        try:
            with open("/proc/%s/status" % k) as f:
                ns = re.search(r"NSpid:\s+(.*)", f.read()).group(1).split()
        except (OSError, AttributeError):
            continue
        if len(ns) > 1 and ns[-1] != "1":
            return int(k)
    return None


def nlmsg(typ, body):
    body = body.encode() + b"\0"
    return struct.pack("=IHHII", 16 + len(body), typ, 0, 0, 0) + body


def forge(be):
    """A process holding CAP_NET_ADMIN (this harness, root) sends the
    session's supervisor syscall records shaped like one of its own
    mount-layer refusals (the key is in the banner): they are not the
    kernel's, and make no line."""
    a = Sh.start(root=plant(), backend=be)
    m = re.search(r"keyed (sbxsh-(\d+)-\d+)", text(a.banner))
    port = int(m.group(2)) if m else 0
    key = m.group(1) if m else "sbxsh-0-0"
    with open("/proc/net/netlink") as f:
        ports = [ln.split() for ln in f.read().splitlines()[1:]]
    ok(any(c[1] == "9" and c[2] == str(port) for c in ports),
       be + ": the supervisor's audit socket is found (port %d)" % port)
    b = Sh.start(root=plant(), backend=be)
    flag, cmd = waiting(a)
    a.send(cmd + "\r")
    time.sleep(0.3)
    # a job of another session: the kernel refuses it the send
    out, st = b.run("python3 -c \"import socket; s = socket.socket(16, 3, 9); "
                    "s.sendto(bytes(40), (%d, 0))\" 2>&1 | tail -1" % port)
    ok(re.search(r"PermissionError|Operation not permitted|Errno 1\b|Errno 13\b", text(out)),
       be + ": a job of another session cannot send to the supervisor's socket", text(out))
    b.cleanup()
    now = time.time()
    stamp = "audit(%d.%03d:%d): " % (int(now), int(now * 1000) % 1000, 4000000000 + port)
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 9)
    s.bind((0, 0))
    for typ, body in ((1300, "arch=c000003e syscall=257 success=no exit=-30 a0=0 ppid=1 "
                             "pid=1 auid=0 uid=0 ses=1 comm=\"x\" exe=\"/x\" key=\"%s\""
                       % key),
                      (1307, "cwd=\"/\""),
                      (1302, "item=0 name=\"/etc/sbx-cross-forged\" inode=1 nametype=NORMAL"),
                      (1320, "")):
        try:
            s.sendto(nlmsg(typ, stamp + body), (port, 0))
        except OSError as e:
            ok(False, be + ": the forged record could not be sent: %s" % e)
            break
    s.close()
    time.sleep(0.2)
    open(flag, "w").close()
    before = a.prompt(timeout=20)
    m = RUN_RE.search(before)
    out, st = (m.group(1), int(m.group(2))) if m else (before, None)
    ok(st == 1 and lines(out) == [],
       be + ": records sent to the supervisor by a process, not the kernel: no line",
       text(out))
    a.cleanup()


def attack(be, reuse):
    """|reuse|: tests/kernel/ll_reuse, which lays out the dead creators."""
    root = plant()
    p = subprocess.Popen([reuse, "150"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    first = p.stdout.readline()
    held = set(int(x) for x in p.stdout.readline().split())
    sh = None
    for attempt in range(5):
        p.stdin.write(b"go\n")
        p.stdin.flush()
        p.stdout.readline()
        a = Sh.start(root=root, backend=be)
        m = re.search(r"keyed sbxsh-(\d+)", text(a.banner))
        sh = shell_of(int(m.group(1))) if m else None
        if sh in held:
            break
        print("# the shell got pid %s; the dead creators: %d from %s"
              % (sh, len(held), first.strip().decode()))
        a.close()
    if sh not in held:
        p.stdin.close()
        p.wait()
        ok(False, be + ": the attack: the shell never got a laid-out pid (5 tries)")
        return
    # the child in the domain whose creator had the shell's pid
    p.stdin.write(b"%d\n" % sh)
    p.stdin.flush()
    time.sleep(0.1)
    flag, cmd = waiting(a)
    a.send(cmd + "\r")
    time.sleep(0.7)
    open(flag, "w").close()
    before = a.prompt(timeout=20)
    p.stdin.close()
    p.wait()
    m = RUN_RE.search(before)
    out, st = (m.group(1), int(m.group(2))) if m else (before, None)
    ok(st == 1 and lines(out) == [],
       be + ": a domain made by an earlier holder of the shell's pid: none of its "
       "refusals comes as a line", text(out))
    out, st = a.run(SILENT_READ)
    secret = os.path.join(a.home, ".ssh", "id_rsa")
    ok(st != 0 and lines(out) == [D + "read %s (masked secret: ssh) — policy check %s"
                                  % (secret, secret)],
       be + ": ... and the session's own refusal still gets its line", text(out))
    a.cleanup()


if os.geteuid() != 0:
    strict.skip_all("root", "the kernel's audit records need root")
if not shutil.which("git"):
    strict.skip_all("git", "git is not installed")
was = audit()
if was is None:
    strict.skip_all("audit", "the kernel's audit status cannot be read")
if not was:
    if not audit(1):
        strict.skip_all("audit", "the kernel's audit cannot be turned on")
    atexit.register(audit, 0)

probe = Sh.start(root=plant(), backend="landlock")
out, st = probe.run("policy")
probe.cleanup()
if "audit records need 7" in text(out):
    strict.skip_all("landlock-abi7", "the kernel has no Landlock ABI 7")

real = os.environ["SBXSH"]
nobody = wrapped("as nobody", AS_NOBODY, "setpriv")
for be in ("landlock", "namespace"):
    if be == "landlock":
        a = Sh.start(root=plant(), backend=be)
        b = Sh.start(root=plant(), backend=be)
        pair(be + ", two root sessions", a, b, True)
        a.cleanup()
        b.cleanup()
    if nobody:
        a = Sh.start(root=plant(), backend=be)
        os.environ["SBXSH"] = nobody
        b = Sh.start(root=plant(nobody=True), backend=be)
        os.environ["SBXSH"] = real
        pair(be + ", root beside nobody", a, b, False)
        a.cleanup()
        b.cleanup()
    root = plant()
    a = Sh.start(root=root, backend=be)
    b = Sh.start(root=root, backend=be)
    pair(be + ", two sessions of one workspace", a, b, True)
    a.close()
    b.close()
    ok(not [n for n in os.listdir("/etc") if n.startswith("sbx-cross-")],
       be + ": nothing made in /etc (seen from outside)")
    leftovers()
    forge(be)
    reuse = os.path.join(os.environ.get("SBXSH_BUILD", ""), "ll_reuse")
    if os.access(reuse, os.X_OK):
        attack(be, reuse)
    elif strict.may_skip("ll_reuse"):
        ok(True, be + ": the pid-reuse attack # SKIP no tests/kernel/ll_reuse built")
    else:
        ok(False, strict.why("ll_reuse", "no ll_reuse in $SBXSH_BUILD"))

# A supervisor in a PID namespace of its own: the source off, said so.
if shutil.which("unshare"):
    root = plant()
    p = subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", binary(),
                        "--workspace", os.path.join(root, "demo"), "-c", "policy"],
                       env=dict(os.environ, HOME=os.path.join(root, "home")),
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=30)
    ok(re.search(rb"^denials: from stderr .*PID namespace of its own", p.stdout, re.M)
       is not None,
       "in a PID namespace of its own: policy says the kernel source is off, and why",
       text(p.stdout)[-800:])
elif strict.may_skip("unshare"):
    ok(True, "in a PID namespace of its own # SKIP no unshare")
else:
    ok(False, strict.why("unshare", "no unshare"))
done()
