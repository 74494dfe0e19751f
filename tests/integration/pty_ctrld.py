#!/usr/bin/python3
"""pty: Ctrl-D typed at a continuation prompt (PS2) ends that input, never
the session: a here-document cut short warns as bash does and runs, an
unfinished quote or `if` is a syntax error; a background job lives on.
At PS1, `set -o ignoreeof` and IGNOREEOF=N keep the session as in bash;
without them Ctrl-D still ends it (the control). Both Linux backends; the
job's survival is checked from outside, in /proc."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pexpect  # noqa: E402
from ptyhelp import B_MARK, Sh, done, ok, text  # noqa: E402

LEAVE = 'Use "exit" to leave the shell.'


def sleepers(arg):
    """Pids of processes whose command line is `sleep ARG`, seen from
    outside the session."""
    found = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % d, "rb") as f:
                if f.read().split(b"\0")[:2] == [b"sleep", arg.encode()]:
                    found.append(int(d))
        except OSError:
            pass
    return found


def ps2(s):
    """Waits for a whole PS2 prompt: "> " and its OSC 133 B mark."""
    s.c.expect_exact("> " + B_MARK)


def running(arg, want=1):
    """sleepers(arg) has |want| pids, within 5 s (the job may not have
    exec'd yet)."""
    for _ in range(100):
        if len(sleepers(arg)) == want:
            return True
        time.sleep(0.05)
    return False


def answers(s, label, tag):
    out, st = s.run("echo alive-%s" % tag)
    return ok(st == 0 and "alive-%s" % tag in text(out),
              "%s: the session still answers" % label, out)



def case_backend(backend):
    label = backend or "default"
    arg = str(3000 + os.getpid() % 5000)
    s = Sh.start(backend=backend) if backend else Sh.start()
    out, st = s.run("sleep %s &" % arg)
    ok(st == 0 and running(arg),
       "%s: a background job runs (seen from outside)" % label, out)

    # A here-document's body, then Ctrl-D at its "> " prompt.
    s.send("cat <<EOF\r")
    ps2(s)
    s.send("hello-heredoc\r")
    ps2(s)
    s.ctrl("D")
    try:
        before = s.prompt(timeout=10)
    except pexpect.EOF:
        before = s.c.before + b" [session ended]"
    t = text(before)
    ok("warning: here-document at line" in t and
       "delimited by end-of-file (wanted `EOF')" in t,
       "%s: Ctrl-D in a here-document warns as bash does" % label, t)
    ok("hello-heredoc" in t.split("(wanted `EOF')", 1)[-1],
       "%s: ... and runs the command with the body typed so far" % label, t)
    if not answers(s, label + ", after the here-document", "hd"):
        s.cleanup()
        return
    out, st = s.run("jobs")
    ok(st == 0 and "Running" in text(out) and "sleep %s" % arg in text(out),
       "%s: the background job is still in `jobs`" % label, out)
    ok(running(arg),
       "%s: ... and still runs (seen from outside)" % label)

    # An unfinished quote.
    s.send("echo 'open\r")
    ps2(s)
    s.ctrl("D")
    before = s.prompt()
    out, st = s.run("echo status=$?")
    ok("status=2" in text(out),
       "%s: Ctrl-D in an open quote is a syntax error ($? 2)" % label,
       text(before) + text(out))
    answers(s, label + ", after the open quote", "quote")

    # An `if` without `fi`: nothing of it runs.
    s.send("if true; then\r")
    ps2(s)
    s.send("echo never-ran\r")
    ps2(s)
    s.ctrl("D")
    before = s.prompt()
    ok("never-ran" not in text(before).replace("echo never-ran", "") and
       "syntax error" in text(before),
       "%s: Ctrl-D inside `if` drops the command with a syntax error"
       % label, before)
    answers(s, label + ", after the if", "if")
    ok(running(arg),
       "%s: the job survived all three (seen from outside)" % label)

    # PS1: set -o ignoreeof refuses Ctrl-D with bash's words.
    s.run("set -o ignoreeof")
    s.ctrl("D")
    before = s.prompt()
    ok(LEAVE in text(before), "%s: set -o ignoreeof: Ctrl-D at PS1 says "
       "how to leave" % label, before)
    answers(s, label + ", set -o ignoreeof", "ign")

    # IGNOREEOF=2: two refused in a row, the third ends the session.
    s.run("set +o ignoreeof; IGNOREEOF=2")
    s.ctrl("D")
    b1 = text(s.prompt())
    s.ctrl("D")
    b2 = text(s.prompt())
    ok(LEAVE in b1 and LEAVE in b2,
       "%s: IGNOREEOF=2: two Ctrl-Ds refused" % label, b1 + b2)
    s.ctrl("D")
    i = s.c.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=10)
    ok(i == 0, "%s: IGNOREEOF=2: the third Ctrl-D ends the session" % label,
       s.c.before)
    s.cleanup()

    # Control: a plain session ends at the first Ctrl-D at PS1.
    s = Sh.start(backend=backend) if backend else Sh.start()
    s.ctrl("D")
    i = s.c.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=10)
    ok(i == 0 and LEAVE not in text(s.c.before),
       "%s: without ignoreeof, Ctrl-D at PS1 ends the session" % label,
       s.c.before)
    s.cleanup()


def case_plain():
    """TERM=dumb: the plain reader (no libedit, no marks) at the same
    prompt; PS1 set to know it."""
    s = Sh(term="dumb", agent=False, env={"PS1": "plain$ "},
           backend=Sh.BACKEND or None)
    s.c.expect_exact("plain$ ", timeout=10)
    s.send("cat <<EOF\r")
    s.c.expect_exact("> ")
    s.send("plain-body\r")
    s.c.expect_exact("> ")
    s.ctrl("D")
    s.c.expect_exact("plain$ ", timeout=10)
    t = text(s.c.before)
    ok("(wanted `EOF')" in t and "plain-body" in t.split("(wanted `EOF')")[-1],
       "TERM=dumb: Ctrl-D in a here-document warns and runs", t)
    s.send("echo alive-$((6*7))\r")
    s.c.expect_exact("plain$ ", timeout=10)
    ok("alive-42" in text(s.c.before), "TERM=dumb: the session still answers",
       s.c.before)
    s.cleanup()


first = Sh.start()
first.cleanup()
for b in ((None,) if Sh.BACKEND == "none" else ("landlock", "namespace")):
    try:
        case_backend(b)
    except (pexpect.EOF, pexpect.TIMEOUT) as e:
        ok(False, "%s: the session ended or stopped answering"
           % (b or "default"), str(e)[:2000])
try:
    case_plain()
except (pexpect.EOF, pexpect.TIMEOUT) as e:
    ok(False, "TERM=dumb: the session ended or stopped answering",
       str(e)[:2000])
done()
