#!/usr/bin/python3
"""pty: denial lines from the kernel's Landlock audit records (issue 23).

A silent tool (it prints nothing, its stderr is /dev/null, and the path it
opens is built at run time, so the scope checker cannot name it) reads a
masked secret. As root with Landlock ABI 7 and the kernel's audit on, the
session's supervisor reads the audit records (backends/audit_sup.c), and
the same "sbxsh: denied:" line comes at a terminal, through a pipe and to
a file; `policy` (text and JSON) names the source. The kernel's audit is
turned on for the test's length where it was off (and put back at exit):
without it Landlock writes no record.

Under --backend namespace the masked secret is the mount layer's (a
mode-000 tmpfs: the kernel refuses before Landlock is asked, and writes
no Landlock record): the session's syscall audit rule for EACCES
(backends/audit_mnt.c) names it, so the terminal, the pipe and the file
get the same line there too.

As nobody: the audit socket is refused (CAP_AUDIT_READ), `policy` names
the fallback (stderr reading, "not root"), the terminal gets no line for
the silent tool, and a tool that prints the path still gets its line
through a pipe.

Strict skips (lib/strict.py): not root ("root"), the kernel's audit that
cannot be turned on ("audit"), Landlock ABI < 7 ("landlock-abi7")."""
import atexit
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402
from ptyhelp import AS_NOBODY, Sh, binary, done, ok, text, wrapped  # noqa: E402
from kaudit import D, audit, plant as kplant, lines, outside  # noqa: E402

# Built at run time: the checker sees no path in the command's text; and
# its stderr closed by the tool itself, so nothing can be read back
# whatever the shell does with fd 2.
SILENT = ("python3 -c \"import os; os.close(2); os.open(os.environ['HOME'] "
          "+ '/.s' + 'sh/id_rsa', os.O_RDONLY)\" 2>/dev/null")
LOUD = "cat ~/.ssh/id_rsa"


# A process outside the session, in a Landlock domain of its own, refused
# a read: its record is on the same audit stream, and must not reach the
# session (audit_sup.c passes on only the session's domain's).
OTHER = r"""
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
attr = ctypes.c_uint64(1 << 2)  # handled: READ_FILE, no rule: all denied
fd = libc.syscall(444, ctypes.byref(attr), 8, 0)
libc.prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS
assert fd >= 0 and libc.syscall(446, fd, 0) == 0
time.sleep(float(sys.argv[2]))
try:
    os.open(sys.argv[1], os.O_RDONLY)
except OSError:
    pass
"""


def plant(nobody=False):
    return kplant("sbx-kden-", nobody=nobody)



def source(s):
    out, st = s.run("policy")
    t = [ln for ln in text(out).split("\n") if ln.startswith("denials:")]
    out, st = s.run("policy --json")
    try:
        j = json.loads(text(out)).get("notes", {})
    except ValueError:
        j = {}
    return (t[0] if t else ""), j


if os.geteuid() != 0:
    strict.skip_all("root", "the kernel's audit records need root")
was = audit()
if was is None:
    strict.skip_all("audit", "the kernel's audit status cannot be read")
if not was:
    # Audit off: the session says so, and falls back to stderr.
    root = plant()
    p = subprocess.run([binary(), "--workspace", os.path.join(root, "tmp"), "-c",
                        "policy; policy --json"],
                       env=dict(os.environ, HOME=os.path.join(root, "home")),
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=30)
    ok(p.stdout.count(b"no kernel records: the kernel's audit is off") == 2,
       "audit off: policy and its JSON name the fallback and why", text(p.stdout)[-600:])
    if not audit(1):
        strict.skip_all("audit", "the kernel's audit cannot be turned on")
    atexit.register(audit, 0)

# --network domains: the session's own network namespace, where no
# audit record is multicast: the fallback, said as such.
root = plant()
p = subprocess.run([binary(), "--workspace", os.path.join(root, "tmp"), "--network",
                    "domains", "-c", "policy"],
                   env=dict(os.environ, HOME=os.path.join(root, "home")),
                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, timeout=30)
ok(b"no kernel records: the session has a network namespace of its own" in p.stdout,
   "--network domains: policy names the fallback and why", text(p.stdout)[-600:])

for be in ("landlock", "namespace"):
    root = plant()
    s = Sh.start(root=root, backend=be)
    secret = os.path.join(s.home, ".ssh", "id_rsa")
    want = D + "read %s (masked secret: ssh) — policy check %s" % (secret, secret)
    t, j = source(s)
    if "audit records need 7" in t:
        s.cleanup()
        strict.skip_all("landlock-abi7", "the kernel has no Landlock ABI 7: " + t)
    ok(t.startswith("denials: from the kernel's audit records"),
       be + ": policy names the kernel source", t)
    ok(j.get("denials", "").startswith("from the kernel's audit records"),
       be + ": ... and its JSON", repr(j.get("denials")))
    out, st = s.run(SILENT)
    term = lines(out)
    pipe = outside(s, be, SILENT, False)
    file = outside(s, be, SILENT, True)
    if be == "landlock":
        ok(st != 0 and term == [want], be + ": a silent tool at a terminal: the line", text(out))
        ok(pipe == [want], be + ": ... through a pipe: the same line", repr(pipe))
        ok(file == [want], be + ": ... to a file: the same line", repr(file))
        # A tool that says it: the same one line, not a second from stderr.
        out, st = s.run(LOUD)
        ok(lines(out) == [want], be + ": cat at a terminal: the same line", text(out))
        ok(outside(s, be, LOUD, False) == [want], be + ": ... through a pipe", "")
        # Another domain's denial while a command runs: not this session's.
        other = os.path.join(s.home, ".ssh", "known_hosts")
        with open(other, "w") as f:
            f.write("x\n")
        bg = subprocess.Popen([sys.executable, "-c", OTHER, other, "0.3"])
        # (one command: each of `a; b` has its own window)
        out, st = s.run("sh -c 'sleep 1; exit 1'")
        bg.wait()
        ok(st == 1 and lines(out) == [],
           be + ": another domain's denial meanwhile: no line", text(out))
        # Only this command's: `true` after it gets none, nor does false.
        out, st = s.run("false")
        ok(st == 1 and lines(out) == [], be + ": false after it: no line", text(out))
    else:
        # The mount layer masks the secret (a mode-000 tmpfs): no
        # Landlock record; the session's syscall rule names the EACCES
        # (backends/audit_mnt.c, denials_mount.py): the same line
        # everywhere, where the banner says that source is on.
        ok(j.get("mount_denials", "").startswith("from the kernel's audit records"),
           be + ": the mount layer's source is on (root, audit on)",
           repr(j.get("mount_denials")))
        ok(st != 0 and term == [want] and pipe == [want] and file == [want],
           be + ": the mount layer's mask: the syscall record's line everywhere",
           repr((text(out), pipe, file)))
        out, st = s.run(LOUD)
        ok(lines(out) == [want], be + ": cat at a terminal: the checker's line (the path is typed)",
           text(out))
        ok(outside(s, be, LOUD, False) == [want], be + ": ... through a pipe: stderr's line", "")
    s.cleanup()

# The Landlock records alone: the mount layer's syscall rule also sees
# the EACCES Landlock returns for the silent tool's read (audit_mnt.c
# records any the session is refused), so the lines above would come
# without a single Landlock record. sbxsh_knobs (the same sources,
# built with the tree) with SBXSH_BENCH_OFF=mntaudit leaves those rules
# out: the line at a terminal is then the Landlock record's (killed by
# tests/mutate.sh kaudit-new-exec-not-logged: a job's exec ends its
# domain's logging unless the domain is made with LOG_NEW_EXEC_ON).
real = os.environ["SBXSH"]
knobs = os.path.join(os.environ.get("SBXSH_BUILD", os.path.dirname(real)), "sbxsh_knobs")
if not os.access(knobs, os.X_OK):
    ok(False, "landlock, records alone: sbxsh_knobs is built (%s)" % knobs)
else:
    os.environ["SBXSH"] = knobs
    root = plant()
    s = Sh.start(root=root, backend="landlock", env={"SBXSH_BENCH_OFF": "mntaudit"})
    secret = os.path.join(s.home, ".ssh", "id_rsa")
    want = D + "read %s (masked secret: ssh) — policy check %s" % (secret, secret)
    t, j = source(s)
    ok(t.startswith("denials: from the kernel's audit records") and
       not j.get("mount_denials", "").startswith("from the kernel's audit records"),
       "landlock, records alone: the kernel source on, the mount layer's off",
       repr((t, j.get("mount_denials"))))
    out, st = s.run(SILENT)
    ok(st != 0 and lines(out) == [want],
       "landlock, records alone: a silent tool at a terminal: the Landlock record's line",
       text(out))
    s.cleanup()
    os.environ["SBXSH"] = real

# As nobody: the documented fallback.
wrap = wrapped("as nobody", AS_NOBODY, "setpriv")
if wrap:
    os.environ["SBXSH"] = wrap
    for be in ("landlock", "namespace"):
        root = plant(nobody=True)
        s = Sh.start(root=root, backend=be)
        secret = os.path.join(s.home, ".ssh", "id_rsa")
        want = D + "read %s (masked secret: ssh) — policy check %s" % (secret, secret)
        t, j = source(s)
        ok(t.startswith("denials: from stderr") and "not root" in t,
           "nobody/%s: policy names the fallback and why" % be, t)
        ok("not root" in j.get("denials", ""), "nobody/%s: ... and its JSON" % be,
           repr(j.get("denials")))
        out, st = s.run(SILENT)
        ok(st != 0 and lines(out) == [], "nobody/%s: a silent tool at a terminal: no line" % be,
           text(out))
        p = subprocess.run(AS_NOBODY.split() + [real, "--workspace", s.ws, "--backend", be,
                                                "-c", LOUD],
                           env=s.env, cwd=s.ws, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
        ok(lines(p.stdout) == [want], "nobody/%s: a loud tool through a pipe: stderr's line" % be,
           text(p.stdout))
        s.cleanup()
    os.environ["SBXSH"] = real
done()
