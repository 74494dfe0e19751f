#!/usr/bin/python3
"""pty end-to-end test of job control, typed as a person would.

Starts $SBXSH --workspace TMP in a real pty (pexpect), sets PS1 to a
marker, then: Ctrl-Z on `sleep 100`, jobs, bg, fg, Ctrl-C ($? is 130, the
shell survives); a Done notice at the next prompt; job specs and their
errors; Ctrl-C ends a whole loop; terminal modes saved when a job stops
and given back by fg; Ctrl-Z in a loop; a SIGCHLD while a line is half typed
loses nothing; 200 background jobs reaped with the right statuses; 100 MiB
through the pty counted exactly; a stopped job warns once on exit; SIGHUP
to the shell hangs up its jobs. Prints TAP; exit 77 = skip.
"""
import os
import re
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import strict  # noqa: E402

try:
    import pexpect
except ImportError:  # CI's python may not be Debian's, which has pexpect
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    strict.skip_all("pexpect", "python3-pexpect is not installed")

SH = os.environ.get("SBXSH")
if not SH or not os.access(SH, os.X_OK):
    strict.skip_all("sbxsh", "SBXSH is not set")

PROMPT = "READY$ "
ROOT = tempfile.mkdtemp(prefix="sbx-ptyjobs-")
n_ok = 0
n_bad = 0


def ok(cond, desc, detail=""):
    global n_ok, n_bad
    n_ok += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n_ok, desc))
    if not cond:
        n_bad += 1
        for line in str(detail).splitlines()[-30:]:
            print("#   " + line)
        sys.stdout.flush()
        strict.fail_fast()
    sys.stdout.flush()
    return cond


def clean(s):
    return s.replace("\r\n", "\n")


class Shell:
    backend = None  # decided by the first start: default, else "none"

    def __init__(self):
        ws = tempfile.mkdtemp(prefix="ws-", dir=ROOT)
        home = os.path.join(ROOT, "home")
        os.makedirs(home, exist_ok=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("PS1", "ENV", "NO_COLOR")}
        env.update(TERM="dumb", HOME=home, LANG="C.UTF-8",
                   XDG_STATE_HOME=os.path.join(ROOT, "state"),
                   PATH="/usr/local/bin:/usr/bin:/bin")
        args = ["--workspace", ws]
        if Shell.backend:
            args += ["--backend", Shell.backend]
        self.c = pexpect.spawn(SH, args, env=env, cwd=ws, encoding="utf-8",
                               codec_errors="replace", timeout=10,
                               dimensions=(40, 200))
        self.c.delaybeforesend = 0.02

    @classmethod
    def start(cls):
        for attempt in range(2):
            s = cls()
            # quoted so that the echoed line does not hold the marker
            s.c.sendline("PS1='%s''%s'" % (PROMPT[:3], PROMPT[3:]))
            try:
                s.c.expect_exact(PROMPT, timeout=10)
                return s
            except (pexpect.TIMEOUT, pexpect.EOF):
                s.c.close(force=True)
                if Shell.backend:
                    break
                if not strict.may_skip("landlock"):
                    strict.skip_all("landlock", "the default backend does "
                                    "not reach a prompt (no fallback to "
                                    "--backend none in strict mode)")
                Shell.backend = "none"  # no Landlock here: test the shell
        strict.skip_all("sbxsh", "sbxsh does not reach an interactive prompt")

    def prompt(self, timeout=10):
        self.c.expect_exact(PROMPT, timeout=timeout)
        return clean(self.c.before)

    def run(self, line, timeout=10):
        """Types |line| and Enter; what came before the next prompt,
        without the echoed line."""
        self.c.sendline(line)
        out = self.prompt(timeout)
        return out.split("\n", 1)[1] if "\n" in out else ""

    def ctrl(self, ch):
        self.c.sendcontrol(ch)


def job_has_tty(s, timeout=10):
    """Waits until a job, not the shell, is the terminal's foreground
    group (so ^Z/^C reach it, not the shell), then lets it exec."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            with open("/proc/%d/stat" % s.c.pid, "rb") as f:
                st = f.read().decode("utf-8", "replace").rsplit(")", 1)[1].split()
            if int(st[5]) > 0 and int(st[5]) != int(st[2]):
                time.sleep(0.3)
                return True
        except (OSError, ValueError, IndexError):
            pass
        time.sleep(0.02)
    return False


def notices(s, done, timeout=15, seen=""):
    """Presses Enter until done(text) holds for the notices printed
    before the prompts (a loaded machine may take a while). |seen|: what
    the caller already read, given to done() too: a notice that came
    before the last prompt needs no wait (until the timeout: 90 s of this
    test's 115 were such waits)."""
    acc = ""
    end = time.time() + timeout
    while True:
        acc += s.run("")
        if done(seen + acc) or time.time() > end:
            return acc
        time.sleep(0.1)


def stopped_sleep(s, what="sleep 100"):
    s.c.sendline(what)
    job_has_tty(s)
    s.ctrl("z")
    return s.prompt()


s = Shell.start()

# --- Ctrl-Z, jobs, bg, fg, Ctrl-C ------------------------------------------
out = stopped_sleep(s)
ok(re.search(r"\n\[1\]\+  Stopped                 sleep 100\n", out),
   "Ctrl-Z: [1]+  Stopped                 sleep 100", out)
out = s.run("echo $?")
ok(out == "148\n", "$? after Ctrl-Z is 148", out)
out = s.run("jobs")
ok(out == "[1]+  Stopped                 sleep 100\n", "jobs lists it", out)
out = s.run("bg")
ok(out == "[1]+ sleep 100 &\n", "bg resumes it", out)
out = s.run("jobs")
ok(out == "[1]+  Running                 sleep 100 &\n", "jobs: Running", out)
out = s.run("jobs -l")
ok(re.fullmatch(r"\[1\]\+ \d+ Running                 sleep 100 &\n", out),
   "jobs -l shows the pid", out)
out = s.run("jobs -p")
ok(re.fullmatch(r"\d+\n", out), "jobs -p: the process group", out)
s.c.sendline("fg")
s.c.expect_exact("sleep 100")
job_has_tty(s)
s.ctrl("c")
out = s.prompt()
out = s.run("echo $?")
ok(out == "130\n", "fg then Ctrl-C: $? is 130", out)
out = s.run("echo alive; jobs")
ok(out == "alive\n", "the shell survives Ctrl-C; the job is gone", out)

# --- Done notice at the next prompt -------------------------------------------
out = s.run("sleep 0.2 &")
ok(re.match(r"\[1\] \d+\n", out), "& prints [1] pid", out)
out = out.split("\n", 1)[1] + notices(s, lambda t: "Done" in t)
ok(out == "[1]+  Done                    sleep 0.2\n",
   "Done notice before the next prompt", out)
out = s.run("(sleep 0.1; exit 3) & sleep 0.5; echo next")
out += notices(s, lambda t: "Exit 3" in t, seen=out)
ok(re.fullmatch(r"\[1\] \d+\nnext\n"
                r"\[1\]\+  Exit 3                  \( sleep 0\.1; exit 3 \)\n", out),
   "the notice comes after the command's output, not inside it", out)
out = s.run("")
ok(out == "", "the notice came once", out)

# --- job specs -------------------------------------------------------------------
s.run("sleep 100 &")
s.run("sleep 200 &")
out = s.run("jobs %?100 %- %% %+ %2")
ok(out == "[1]-  Running                 sleep 100 &\n"
          "[2]+  Running                 sleep 200 &\n",
   "%?str %- %% %+ %n", out)
out = s.run("jobs %s")
ok("jobs: s: ambiguous job spec" in out, "%s is ambiguous", out)
out = s.run("kill %9; echo st=$?")
ok("kill: %9: no such job" in out and "st=1" in out, "kill %9: no such job", out)
out = s.run("fg %nosuch; echo st=$?")
ok("fg: %nosuch: no such job" in out and "st=1" in out, "fg %nosuch", out)
out = s.run("kill -s TERM %sleep\\ 1; kill -KILL %2")
out += notices(s, lambda t: "Killed" in t and "Terminated" in t)
ok(out == "[1]-  Terminated              sleep 100\n"
          "[2]+  Killed                  sleep 200\n",
   "kill %str / kill -KILL %n: Terminated, Killed notices", out)
s.run("sleep 100 &")
out = s.run("wait %1 & kill %1; wait %1; echo st=$?")
ok("st=143" in out, "wait %1 gives the job's status", out)
s.run("")

# --- Ctrl-C ends the whole line ----------------------------------------------------
s.c.sendline("while :; do sleep 1; done; echo after")
job_has_tty(s)
s.ctrl("c")
out = s.prompt()
ok("after" not in out.split("\n", 1)[-1], "Ctrl-C ends a loop of jobs", out)
out = s.run("echo $?")
ok(out == "130\n", "... with $? 130", out)
s.c.sendline("echo st''art; while :; do :; done; echo after")
s.c.expect_exact("start\r\n")  # the loop runs (the echo has st''art)
time.sleep(0.2)
s.ctrl("c")
out = s.prompt()
ok("after" not in out.split("\n", 1)[-1], "Ctrl-C ends a builtin loop", out)

# --- terminal modes: the shell's back when a job stops, the job's on fg ---------
s.c.sendline("sh -c 'stty -echo; kill -STOP $$; stty -a | grep -c -- \"-echo \"; "
             "stty echo'")
out = s.prompt()
ok("[1]+  Stopped                 sh -c 'stty -echo; kill -STOP $$;" in out,
   "a job that stops itself is reported with its quoted text", out)
out = s.run("stty -a | grep -c -- '-echo '")
ok(out == "0\n", "the shell's terminal modes are back (echo on)", out)
out = s.run("fg")
ok(out.endswith("\n1\n"), "fg gives the job its own modes back (-echo)", out)
out = s.run("echo $?")
ok(out == "0\n", "and it ends normally", out)

# --- Ctrl-Z in a loop goes back to the prompt ---------------------------------------
s.c.sendline("for i in 1 2; do sleep 100; done; echo after")
job_has_tty(s)
s.ctrl("z")
out = s.prompt()
ok("Stopped                 sleep 100" in out and "after" not in out.split("\n", 1)[-1],
   "Ctrl-Z in a loop: back to the prompt", out)
out = s.run("echo $?; kill %1")
ok(out.startswith("148\n"), "$? is 148", out)
s.run("")

# --- a pipeline, a job reading the terminal, disown, set +m ------------------------
s.c.sendline("sleep 100 | cat")
job_has_tty(s)
s.ctrl("z")
out = s.prompt()
ok("[1]+  Stopped                 sleep 100 | cat\n" in out,
   "Ctrl-Z stops a whole pipeline", out)
out = s.run("jobs -l")
ok(re.fullmatch(r"\[1\]\+ \d+ Stopped                 sleep 100\n"
                r"     \d+ Stopped                 \| cat\n", out),
   "jobs -l: one line per process", out)
out = s.run("cat &")  # it may stop before this prompt already
out += notices(s, lambda t: "Stopped" in t)
ok(re.fullmatch(r"\[2\] \d+\n\[2\]\+  Stopped                 cat\n", out),
   "a background job reading the terminal stops (SIGTTIN)", out)
out = s.run("jobs -l %2")
ok("Stopped (tty input)     cat" in out, "jobs -l says why", out)
out = s.run("disown %2; jobs; echo st=$?")
ok("warning: deleting stopped job 2" in out and
   "[1]+  Stopped                 sleep 100 | cat\n" in out,
   "disown warns about a stopped job and forgets it", out)
out = s.run("kill -9 %1")
out += notices(s, lambda t: "Killed" in t)
ok(out == "[1]+  Killed                  sleep 100 | cat\n", "kill -9 %1", out)
out = s.run("set +m; echo $-; fg; set -m; echo $-")
# $- in dash's order: "si" after set +m, "smi" after set -m
ok(re.search(r"^[a-zA-Z]*i\n.*fg: no job control\n[a-zA-Z]*m[a-zA-Z]*\n$", out)
   and "m" not in out.split("\n")[0], "set +m / set -m", out)

# --- an exec that fails does not leave the terminal with a dead group ----------------
out = s.run("mkdir -p \"$PWD/bin\" && printf '#!/bin/sh\\necho hi\\n' >\"$PWD/bin/foo\" && "
            "chmod +x \"$PWD/bin/foo\" && PATH=$PWD/bin:$PATH && foo")
if out.endswith("hi\n"):
    s.c.sendline("rm \"$PWD/bin/foo\"; foo; read x; echo read=$?")
    time.sleep(0.5)
    s.c.sendline("typed")
    out = s.prompt()
    ok("read=0" in out, "a failed exec gives the terminal back", out)
    out = s.run("echo alive")
    ok(out == "alive\n", "the shell still reads its terminal", out)
else:
    ok(strict.may_skip("sbxsh"),
       "# SKIP cannot write in the workspace here: %r" % out
       if strict.may_skip("sbxsh") else
       strict.why("sbxsh", "cannot write in the workspace: %r" % out))

# --- a SIGCHLD while a line is half typed ----------------------------------------------
s.run("sleep 0.3 &")
s.c.send("echo half")
time.sleep(0.7)
s.c.send("-typed line\r")
out = s.prompt()
ok("half-typed line\n" in out, "SIGCHLD while typing loses nothing", out)
out += notices(s, lambda t: "Done" in t, seen=out)
ok(out.count("Done") == 1 and out.index("Done") > out.index("half-typed line"),
   "the Done notice comes once, after the line's output", out)

# --- 200 background jobs -------------------------------------------------------------
out = s.run("for i in $(seq 200); do sleep 0.0$((i%5)) & done; wait; echo rc=$?",
            timeout=60)
ok(len(re.findall(r"^\[\d+\] \d+$", out, re.M)) == 200 and "rc=0" in out,
   "200 background jobs started, wait reaps them all", out[-300:])
out = s.run("jobs; echo end")
ok(out == "end\n", "nothing left after wait", out)
s.c.sendline("for i in $(seq 200); do (exit $((i%7))) & done; sleep 1")
out = s.prompt(timeout=60)
out += notices(s, lambda t: len(re.findall(r"(Done|Exit \d+) ", t)) >= 200,
               timeout=60, seen=out)
got = {}
for num, what in re.findall(r"^\[(\d+)\][+\- ]  (Done|Exit \d+) ", out, re.M):
    got[int(num)] = 0 if what == "Done" else int(what.split()[1])
want = {i: i % 7 for i in range(1, 201)}
ok(got == want, "200 jobs reported with the right statuses",
   "got %d notices; wrong: %s" % (len(got), [(k, got.get(k)) for k in want
                                             if got.get(k) != want[k]][:10]))

# --- 100 MiB through the pty --------------------------------------------------------
# Read straight from the pty (pexpect would keep copies of 100 MiB); the
# stream is: the echoed line, the x's, END-<status>, the next prompt.
N = 100 * 1024 * 1024
s.c.sendline("head -c %d /dev/zero | tr '\\0' x; echo END-$?" % N)
fd = s.c.child_fd
buf, count, end, seen_nl = b"", 0, None, False
deadline = time.time() + 300
while time.time() < deadline:
    try:
        buf += os.read(fd, 1 << 20)
    except OSError:
        break
    if not seen_nl:
        if b"\n" not in buf:
            continue
        buf = buf[buf.index(b"\n") + 1:]  # past the echo (it has an x)
        seen_nl = True
    m = re.search(rb"END-(\d+)", buf)
    if m:
        count += buf[:m.start()].count(b"x")
        end = m.group(1)
        buf = buf[m.end():]
        break
    count += buf[:-16].count(b"x")
    buf = buf[-16:]
ok(count == N and end == b"0", "100 MiB of output: nothing lost",
   "%d of %d bytes, end %r" % (count, N, end))
while PROMPT.encode() not in buf and time.time() < deadline:
    buf += os.read(fd, 4096)
out = s.run("echo still here")
ok(out == "still here\n", "the shell is fine after it", out)

# --- exit with a stopped job ------------------------------------------------------------
stopped_sleep(s)
out = s.run("exit")
ok("There are stopped jobs." in out, "exit warns about the stopped job", out)
s.c.sendline("exit")
i = s.c.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5)
ok(i == 0, "a second exit leaves")
s.c.close(force=True)

# --- Ctrl-D with a stopped job: the same one warning as exit ---------------------------
s = Shell.start()
stopped_sleep(s)
s.ctrl("d")
out = s.prompt()
ok("There are stopped jobs." in out, "Ctrl-D warns about the stopped job", out)
out = s.run("jobs")
ok("Stopped" in out, "the shell is still there, the job too", out)
# A command in between (jobs) re-arms the warning, as in bash.
s.ctrl("d")
out = s.prompt()
ok("There are stopped jobs." in out, "after another command Ctrl-D warns again", out)
s.ctrl("d")
i = s.c.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5)
ok(i == 0, "a second Ctrl-D in a row leaves")
s.c.close(force=True)

# --- a sourced file's end is not the terminal's Ctrl-D ---------------------------------
s = Shell.start()
stopped_sleep(s)
out = s.run(". /dev/null; echo sourced")
ok("sourced" in out and "stopped jobs" not in out,
   "the end of a sourced file neither warns nor exits", out)
s.c.sendline("kill -9 %1")
s.prompt()
s.c.close(force=True)

# --- SIGHUP hangs up the jobs ---------------------------------------------------------
def alive(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            st = f.read().decode("utf-8", "replace")
            return st.split(")")[-1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def host_pid(s, nspid):
    """The pid, as seen from here, of the session's process whose pid is
    |nspid| inside: with a mount layer the session runs in a private PID
    namespace (backends/pidns.c), so $! and `jobs -p` are its numbers."""
    if not nspid:
        return 0
    below = {s.c.pid}
    for _ in range(4):  # supervisor -> init -> shell -> job
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            try:
                # Any process's Name: line may hold bytes that are not
                # UTF-8 (another test's job names itself with C1
                # controls): read it as bytes, decode without failing.
                with open("/proc/%s/status" % d, "rb") as f:
                    st = f.read().decode("utf-8", "replace")
            except OSError:
                continue
            ppid = int(re.search(r"PPid:\s+(\d+)", st).group(1))
            if ppid in below:
                below.add(int(d))
                ns = re.search(r"NSpid:(.*)", st).group(1).split()
                if ns and int(ns[-1]) == nspid and int(d) != s.c.pid:
                    return int(d)
    return 0


s = Shell.start()
out = s.run("sleep 100 & echo pid=$!")
m = re.search(r"pid=(\d+)", out)
pid = host_pid(s, int(m.group(1)) if m else 0)
ok(pid and alive(pid), "a background job runs", out)
s.c.kill(signal.SIGHUP)
for _ in range(50):
    if not alive(pid):
        break
    time.sleep(0.05)
ok(pid and not alive(pid), "SIGHUP to the shell hangs up its jobs")
if pid and alive(pid):
    os.kill(pid, signal.SIGKILL)
s.c.close(force=True)

# --- disown -h: kept in the table, spared the hang-up ----------------------------------
s = Shell.start()
out = s.run("sleep 100 & echo pid=$!; sleep 101 &")
m = re.search(r"pid=(\d+)", out)
pid = host_pid(s, int(m.group(1)) if m else 0)
out = s.run("disown -h %1; jobs")
ok("sleep 100" in out and "sleep 101" in out,
   "disown -h keeps the job in the table", out)
other = [host_pid(s, int(x)) for x in re.findall(r"\d+", s.run("jobs -p %2"))]
s.c.kill(signal.SIGHUP)
for _ in range(50):
    if other and not alive(other[0]):
        break
    time.sleep(0.05)
time.sleep(0.2)
ok(other and other[0] and not alive(other[0]), "the other job is hung up")
# The shell spares it its own hang-up, but nothing the session started
# outlives the session (docs/design.md §2b): its end takes the disowned job too.
for _ in range(50):
    if not alive(pid):
        break
    time.sleep(0.05)
ok(pid and not alive(pid), "the disown -h job ends with the session")
for p_ in [pid] + other:
    if p_ and alive(p_):
        os.kill(p_, signal.SIGKILL)
s.c.close(force=True)

shutil.rmtree(ROOT, ignore_errors=True)
print("1..%d" % n_ok)
sys.exit(1 if n_bad else 0)
