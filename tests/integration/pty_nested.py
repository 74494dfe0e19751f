#!/usr/bin/python3
"""pty: what a program in the session can tell, and sbxsh started from it.

- SBXSH=1 marks the session and SHELL names the sbxsh binary, so an
  editor's `:sh` (vi here, as a person types it) opens a session nested in
  this one: its banner says `nested:`, it is confined (a write to /etc is
  refused: the file is absent, seen from outside), and `exit` goes back to
  the editor, then to the outer prompt. Both Linux backends.
- An option that needs a value refuses a following option-looking word in
  one line, exit 2, and nothing is created or run (`--workspace -c true`
  once opened a folder "-c"; `--keep-env -c CMD` ran CMD as a script);
  `--workspace=-c` still names a folder "-c" (the control)."""
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pexpect  # noqa: E402
from ptyhelp import B_MARK, Sh, binary, done, ok, skip_case, text  # noqa: E402


def nested_case(backend):
    label = backend or "default"
    s = Sh.start(backend=backend) if backend else Sh.start()
    probe = "/etc/sbx-nested-%d" % os.getpid()
    out, st = s.run('printf "%s|%s\\n" "$SBXSH" "$SHELL"')
    shell_ok = text(out).strip() == "1|%s" % os.path.realpath(binary())
    ok(shell_ok, "%s: SBXSH=1 and SHELL names the sbxsh binary" % label, out)
    if not shell_ok:
        # vi's :sh starts $SHELL: with another shell there, each wait
        # below would only run out its timeout (25 s a backend).
        ok(False, "%s: vi's :sh starts an sbxsh session (SHELL does not "
           "name it)" % label)
        s.cleanup()
        return
    if not shutil.which("vi"):
        skip_case("no vi", "vi")
        s.cleanup()
        return
    s.send("vi notes.txt\r")
    s.c.expect("notes.txt", timeout=10)
    s.send(":sh\r")
    i = s.c.expect(["nested: inside another sbxsh session", pexpect.TIMEOUT],
                   timeout=15)
    ok(i == 0, "%s: vi's :sh starts an sbxsh session that says it is nested"
       % label, s.c.before[-500:])
    s.c.expect_exact(B_MARK, timeout=10)
    s.send("echo in-$((6*7))-$SBXSH; echo x > %s; echo rc=$?\r" % probe)
    s.c.expect(r"rc=\d+", timeout=10)
    t = text(s.c.before + s.c.after)
    ok("in-42-1" in t and "rc=0" not in t and not os.path.exists(probe),
       "%s: the nested session runs, confined (/etc refused, seen from "
       "outside)" % label, t[-600:])
    s.c.expect_exact(B_MARK, timeout=10)
    s.send("exit\r")
    s.c.expect_exact("~", timeout=10)  # vi's screen again
    s.send("\r:q!\r")
    s.prompt()
    out, st = s.run("echo outer-$((2+3))")
    ok(st == 0 and "outer-5" in text(out),
       "%s: exit goes back to vi, :q! to the outer session" % label, out)
    if os.path.exists(probe):
        os.unlink(probe)
    s.cleanup()


def cli_case():
    """Typed at the user's own terminal: sbxsh with a forgotten value."""
    root = Sh.start()  # only for a workspace folder and its environment
    ws, env = root.ws, root.env
    root.close()
    cases = [
        (["--workspace", "-c", "true"], "--workspace", "-c"),
        (["--keep-env", "-c", "echo ran-$((40+2))"], "--keep-env", "-c"),
        (["--check", "-i"], "--check", "-i"),
        (["--allow-write", "--agent"], "--allow-write", "--agent"),
    ]
    for argv, opt, word in cases:
        c = pexpect.spawn(binary(), argv, env=env, cwd=ws, timeout=10)
        c.expect(pexpect.EOF)
        c.close()
        t = text(c.before)
        lines = [x for x in t.splitlines() if x.strip()]
        ok(c.exitstatus == 2 and len(lines) == 1 and opt in lines[0] and
           "'%s'" % word in lines[0] and "ran-42" not in t,
           "`sbxsh %s`: one line naming %s and %s, exit 2" %
           (" ".join(argv), opt, word), t)
    ok(not os.path.exists(os.path.join(ws, "-c")),
       "nothing named -c was created")
    os.makedirs(os.path.join(ws, "-c"), exist_ok=True)
    c = pexpect.spawn(binary(), ["--workspace=-c", "-c", "pwd"], env=env,
                      cwd=ws, timeout=10)
    c.expect(pexpect.EOF)
    c.close()
    ok(c.exitstatus == 0 and text(c.before).strip().endswith("/-c"),
       "control: --workspace=-c names a folder '-c'", c.before)
    root.cleanup()


first = Sh.start()
first.cleanup()
for b in ((None,) if Sh.BACKEND == "none" else ("landlock", "namespace")):
    try:
        nested_case(b)
    except (pexpect.EOF, pexpect.TIMEOUT) as e:
        ok(False, "%s: the session ended or stopped answering"
           % (b or "default"), str(e)[:2000])
cli_case()
done()
