#!/usr/bin/python3
"""pty: job control as a person uses it, and under load.

Ctrl-Z stops `sleep 100`; jobs, bg, fg; Ctrl-C interrupts it and never the
shell; $? is 130; `sleep 0.2 &` gives a Done notice at the next prompt;
200 background jobs started in one line are all reported with the right
statuses; 100 MiB of output through the pty arrives whole; a stopped job
warns once on exit; set -b reports a job's end at once, even mid-line.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import B_MARK, C_MARK, D_RE, Sh, done, ok, text  # noqa: E402

import pexpect  # noqa: E402

s = Sh.start()
s.send("sleep 100\r")
time.sleep(0.5)
s.ctrl("z")
before = s.prompt()
ok(re.search(rb"\[1\]\+\s+Stopped\s+sleep 100", before) is not None,
   "Ctrl-Z: '[1]+  Stopped  sleep 100'", before)
ok(re.search(rb"\x1b\]133;D;(148|20)\x07", before) is not None,
   "Ctrl-Z: D carries 128+SIGTSTP", before)
out, st = s.run("jobs")
ok(re.search(r"\[1\]\+\s+Stopped\s+sleep 100", text(out)) is not None, "jobs lists it", out)
out, st = s.run("bg")
ok(re.search(r"\[1\]\+? sleep 100 &", text(out)) is not None, "bg resumes it in the background", out)
out, st = s.run("jobs -l")
ok(re.search(r"\[1\]\+\s+\d+ Running\s+sleep 100", text(out)) is not None, "jobs -l: pid, Running", out)
s.send("fg\r")
time.sleep(0.5)
s.ctrl("c")
before = s.prompt()
ok(re.search(rb"\x1b\]133;D;130\x07", before) is not None, "fg then Ctrl-C: status 130", before)
out, st = s.run("echo $?")
ok(text(out) == "130\n", "echo $? is 130", out)
out, st = s.run("echo survived")
ok(text(out) == "survived\n", "the shell survives Ctrl-C", out)

# Done notice before the next prompt.
s.run("sleep 0.2 &")
time.sleep(0.6)
s.send("\r")
before = s.prompt()
ok(re.search(rb"\[\d+\]\+?\s+Done\s+sleep 0\.2", before) is not None,
   "Done notice at the next prompt", before)

# 200 background jobs in one line, statuses 0..6.
s.send("i=0; while [ $i -lt 200 ]; do i=$((i+1)); (exit $((i % 7))) & done; sleep 1\r")
s.prompt(timeout=60)
s.send("\r")
before = s.c.before
s.prompt(timeout=30)
before += s.c.before
notes = re.findall(rb"\[(\d+)\][+-]?\s+(Done|Exit (\d+))", before)
seen = {}
for jid, what, code in notes:
    seen[int(jid)] = 0 if what == b"Done" else int(code)
good = len(seen) == 200 and all(seen.get(i) == i % 7 for i in range(1, 201))
ok(good, "200 background jobs reported with the right statuses",
   "%d notices; wrong: %s" % (len(seen), [(i, seen.get(i)) for i in range(1, 201) if seen.get(i) != i % 7][:10]))
out, st = s.run("jobs; echo n=$(jobs | wc -l)")
ok("n=0" in text(out), "all 200 reaped: jobs is empty", out)

# 100 MiB through the pty: count every byte.
N = 100 * 1024 * 1024
s.send("head -c %d /dev/zero | tr '\\0' x\r" % N)
s.c.expect_exact(C_MARK, timeout=10)  # the echoed line has an 'x' too
pending, count, t0 = s.c.buffer, 0, time.time()
s.c.buffer = b""
m = None
while time.time() - t0 < 300:
    m = D_RE.search(pending)
    if m:  # count only the command's output, not the prompt ("sbxsh")
        count += pending[:m.start()].count(b"x")
        rest = pending[m.end():]  # read the prompt ourselves
        while B_MARK.encode() not in rest:
            rest += s.c.read_nonblocking(1 << 16, timeout=30)
        break
    # keep a tail that may hold a split mark
    count += pending[:-64].count(b"x")
    pending = pending[-64:] + s.c.read_nonblocking(1 << 16, timeout=60)
ok(count == N and m and m.group(1) == b"0", "100 MiB of output: nothing lost (%d bytes)" % count)

# %job completion after kill, and \j in a prompt.
s.run("sleep 100 &")
s.send("kill %\t")
out, st = s.run("")
ok(st == 0, "kill %<TAB> completes the job spec", out)
before = s.c.before
if not re.search(rb"Terminated\s+sleep 100", before):
    s.send("\r")
    before += s.prompt()
ok(re.search(rb"\[\d+\]\+?\s+Terminated\s+sleep 100", before) is not None,
   "kill %1: Terminated notice", before)

# A stopped job warns once on exit.
s.send("sleep 100\r")
time.sleep(0.5)
s.ctrl("z")
s.prompt()
s.send("exit\r")
i = s.c.expect([rb"stopped jobs|Stopped|stopped", pexpect.EOF, pexpect.TIMEOUT], timeout=5)
ok(i == 0, "exit with a stopped job warns", s.c.before)
s.prompt()
s.send("exit\r")
i = s.c.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5)
ok(i == 0, "a second exit leaves")
s.cleanup()

# set -b: a job's end is reported at once, mid-line, and the half-typed
# line comes back under the notice; with set +b it waits for the prompt.
s = Sh.start()
s.run("set -b; sleep 0.3 &")
s.send("echo typed")
i = s.c.expect([rb"\[1\]\+?\s+Done\s+sleep 0\.3", pexpect.TIMEOUT], timeout=5)
ok(i == 0, "set -b: Done while the line is being typed", s.c.before)
i = s.c.expect([rb"\x1b\]133;B\x07[^\r\n]*echo typed", pexpect.TIMEOUT], timeout=5)
ok(i == 0, "set -b: the prompt and the half-typed line are drawn again")
out, st = s.run("")
ok(text(out).strip() == "typed" and st == 0, "set -b: the line then runs whole", out)
s.run("set +b; sleep 0.3 &")
s.send("echo later")
i = s.c.expect([rb"Done", pexpect.TIMEOUT], timeout=1.5)
ok(i == 1, "set +b: no notice in the middle of a line")
s.send("\r")
before = s.prompt()
ok(re.search(rb"Done\s+sleep 0\.3", before) is not None,
   "set +b: the notice comes before the next prompt", before)
s.cleanup()
done()
