#!/usr/bin/python3
"""pty: the rc file of docs/design.md §8. An interactive session sources $ENV
(parameter-expanded) or else $XDG_CONFIG_HOME/sbxsh/sbxshrc, inside the
sandbox, before its first prompt; --norc and -c source none; an error in
it names its file and line and the session goes on; one in a writable
root is refused and the session does not start. Both Linux backends."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import B_MARK, Sh, done, ok, text, binary  # noqa: E402
import pexpect  # noqa: E402

MARK = "/etc/sbx-rc-%d" % os.getpid()
RC = """RCVAR=from-rc
alias rcll='echo ALIAS-OK'
rcfn() { echo "FN-OK $1"; }
echo x > %s
echo after-the-error
""" % MARK


def write(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(body)
    os.chmod(path, 0o644)


def rc_path(s):
    return os.path.join(s.home, ".config", "sbxsh", "sbxshrc")


for be in ("landlock", "namespace"):
    tag = "[%s]" % be
    # Sh makes its temp root at construction: write the rc there, then
    # start the real session in the same root.
    probe = Sh(backend=be)
    probe.close()
    root = probe.root
    write(os.path.join(root, "home", ".config", "sbxsh", "sbxshrc"), RC)
    s = Sh.start(backend=be, root=root)
    b = text(s.banner)
    out, st = s.run("echo $RCVAR; rcll; rcfn x")
    t = text(out)
    ok("from-rc" in t and "ALIAS-OK" in t and "FN-OK x" in t,
       tag + " the default rc file is sourced before the first prompt "
       "(variable, alias, function)", t)
    ok(not os.path.exists(MARK),
       tag + " the rc file runs inside the sandbox: its write to /etc "
       "did not land (seen outside)", b)
    ok("%s: line 4:" % rc_path(s) in b,
       tag + " an error in the rc file names its file and line", b)
    ok("after-the-error" in b,
       tag + " ... and the rest of the file still ran", b)
    out, st = s.run("echo alive")
    ok("alive" in text(out) and st == 0,
       tag + " ... and the session goes on", out)
    s.close()

    # --norc: none.
    s = Sh.start(backend=be, root=root, args=("--norc",))
    out, st = s.run("echo [$RCVAR]")
    ok("[]" in text(out), tag + " --norc sources no rc file", out)
    s.close()

    # $ENV wins over the default, parameter-expanded.
    write(os.path.join(root, "home", "env.rc"), "ENVVAR=from-env\n")
    s = Sh.start(backend=be, root=root, env={"ENV": "$HOME/env.rc"})
    out, st = s.run("echo [$ENVVAR] [$RCVAR]")
    t = text(out)
    ok("[from-env] []" in t,
       tag + " $ENV ('$HOME/env.rc', expanded) is sourced instead", t)
    s.close()

    # An rc file in the workspace (a writable root): refused, and the
    # session does not start (issue 20: fail closed, exit 2, no prompt).
    ws_rc = os.path.join(root, "demo", "evil.rc")
    write(ws_rc, "touch %s/demo/evil-ran\n" % root)
    s = Sh(backend=be, root=root, env={"ENV": ws_rc})
    i = s.c.expect([pexpect.EOF, B_MARK, pexpect.TIMEOUT], timeout=10)
    b = text(s.c.before)
    s.c.close()
    ok(i == 0 and s.c.exitstatus == 2 and "lies in the writable root" in b
       and "does not start" in b
       and not os.path.exists(os.path.join(root, "demo", "evil-ran")),
       tag + " an rc file in the workspace is refused: exit 2, no prompt, "
       "nothing of it ran (seen outside)", b)
    # The control: the same file outside every writable root is read.
    write(os.path.join(root, "home", "evil.rc"), "EVIL=1\n")
    s = Sh.start(backend=be, root=root,
                 env={"ENV": os.path.join(root, "home", "evil.rc")})
    out, st = s.run("echo [$EVIL]")
    ok("[1]" in text(out), tag + " control: the same file in the home is "
       "sourced", out)
    s.cleanup()

# The control for "inside the sandbox": with --backend none the rc
# file's write to /etc lands (so the check above can fail).
if os.geteuid() == 0:
    probe = Sh(backend="none")
    probe.close()
    write(os.path.join(probe.root, "home", ".config", "sbxsh", "sbxshrc"), RC)
    s = Sh.start(backend="none", root=probe.root)
    ok(os.path.exists(MARK), "control: --backend none lets the rc file "
       "write to /etc", text(s.banner))
    s.cleanup()
    if os.path.exists(MARK):
        os.unlink(MARK)

# -c reads none, $ENV or default.
probe = Sh()
probe.close()
root = probe.root
write(os.path.join(root, "home", ".config", "sbxsh", "sbxshrc"), RC)
write(os.path.join(root, "home", "env.rc"), "ENVVAR=from-env\n")
env = dict(probe.env, ENV=os.path.join(root, "home", "env.rc"))
r = subprocess.run([binary(), "--workspace", probe.ws, "-c",
                    "echo [$RCVAR] [$ENVVAR]"], env=env, cwd=probe.ws,
                   capture_output=True, text=True, timeout=30)
ok(r.stdout.strip() == "[] []", "sbxsh -c sources no rc file", r.stdout + r.stderr)
env.pop("ENV")
r = subprocess.run([binary(), "--workspace", probe.ws, "-c", "echo [$RCVAR]"],
                   env=env, cwd=probe.ws, capture_output=True, text=True,
                   timeout=30)
ok(r.stdout.strip() == "[]", "sbxsh -c sources no default rc file either",
   r.stdout + r.stderr)
probe.cleanup()
if os.path.exists(MARK):
    os.unlink(MARK)
done()
