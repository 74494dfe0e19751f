#!/usr/bin/python3
"""pty: a full disk is said as such. The workspace is a 64 KiB tmpfs in a
private mount namespace (unshare -m, root only); a file fills it, then the
builtins' own writes (echo, printf) fail with bash's words, "write error:
No space left on device" (they said "I/O error"), status 1, and the
session goes on. Both backends, as root and as nobody; the file's size is
read from outside (the tmpfs is seen through the session's pid's
/proc/PID/root)."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402
from ptyhelp import AS_NOBODY, Sh, binary, done, ok, text  # noqa: E402

if os.geteuid() != 0 or not shutil.which("unshare"):
    strict.skip_all("root", "needs root and unshare(1) for a private tmpfs")


def wrapper(ws, nobody):
    """A stand-in for $SBXSH: a private mount namespace with a 64 KiB
    tmpfs on |ws|, then the real binary (as nobody if asked)."""
    d = tempfile.mkdtemp(prefix="sbx-full-wrap-")
    os.chmod(d, 0o755)
    w = os.path.join(d, "sbxsh")
    as_user = AS_NOBODY + " " if nobody else ""
    with open(w, "w") as f:
        f.write("#!/bin/sh\n"
                "exec unshare -m --propagation private /bin/sh -c '"
                "mount -t tmpfs -o size=64k,mode=1777 tmpfs \"$0\" && "
                "exec \"$@\"' '%s' %s'%s' \"$@\"\n" % (ws, as_user, binary()))
    os.chmod(w, 0o755)
    return d, w


def case(backend, nobody):
    label = ("nobody/" if nobody else "") + backend
    if nobody and not shutil.which("setpriv"):
        if strict.may_skip("setpriv"):
            ok(True, "%s # SKIP no setpriv" % label)
        else:
            ok(False, strict.why("setpriv", "%s needs setpriv" % label))
        return
    root = tempfile.mkdtemp(prefix="sbx-full-")
    ws = os.path.join(root, "demo")
    os.makedirs(ws)
    for sub in ("home", "tmp", "state"):
        os.makedirs(os.path.join(root, sub))
    if nobody:
        os.chmod(root, 0o755)
        subprocess.run(["chown", "-R", "65534:65534", root], check=True)
    wd, w = wrapper(ws, nobody)
    real = os.environ["SBXSH"]
    os.environ["SBXSH"] = w
    try:
        s = Sh.start(root=root, backend=backend)
    finally:
        os.environ["SBXSH"] = real
    out, st = s.run("df -k . | tail -1")
    ok(st == 0 and "tmpfs" in text(out),
       "%s: the workspace is the small tmpfs" % label, out)
    out, st = s.run("head -c 200000 /dev/zero > fill; echo st=$?")
    ok("No space left on device" in text(out),
       "%s: filling it: head says No space left on device" % label, out)
    out, st = s.run("echo some words > note.txt")
    t = text(out)
    ok(st == 1 and "echo: write error: No space left on device" in t and
       "I/O error" not in t,
       "%s: echo on a full disk: 'write error: No space left on device', "
       "status 1" % label, out)
    out, st = s.run("printf '%%s\\n' more > note2.txt")
    ok(st == 1 and "printf: write error: No space left on device" in text(out),
       "%s: printf on a full disk says the same" % label, out)
    # From outside: the session's own view of its workspace.
    pid = s.c.pid
    sizes = []
    for p in [pid] + [int(x) for x in os.listdir("/proc") if x.isdigit()]:
        try:
            if os.readlink("/proc/%d/exe" % p) == os.path.realpath(real):
                f = "/proc/%d/root%s/note.txt" % (p, ws)
                sizes.append(os.path.getsize(f))
                break
        except OSError:
            continue
    ok(sizes == [0],
       "%s: note.txt is empty, seen from outside (%s)" % (label, sizes))
    out, st = s.run("rm fill; echo some words > note.txt; cat note.txt")
    ok(st == 0 and "some words" in text(out),
       "%s: with room again, the same echo works (the control)" % label,
       out)
    s.cleanup()
    shutil.rmtree(wd, ignore_errors=True)


for be in ("landlock", "namespace"):
    for nobody in (False, True):
        case(be, nobody)
done()
