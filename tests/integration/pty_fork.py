#!/usr/bin/python3
"""pty: the terminal stays with a pipeline while its stages start (issue
21, "one fork path"). An interactive sbxsh in a real pty runs a 5-stage
pipeline typed at the prompt, with both backends; the evidence comes from
outside the shell:

  - strace -f of the whole session (every TIOCSPGRP, with the group it
    hands the terminal to): once a job's group has the terminal, no
    other group gets it until that job's last hand-over. The shell used
    to take it back before forking each later stage (a second
    job_prefork "reclaiming" the terminal from a fork that was about to
    become part of the job), so the stages already started ran in the
    background for a moment;
  - what each stage sees: every stage reads its own process group and
    the terminal's foreground group (/proc/self/stat fields 5 and 8)
    over and over until the last stage has started, and reports any
    sample where the two differ. Under strace the shell's steps are
    slow and the old window wide; without strace the same must hold.

The controls: every stage reported and sampled, all stages share one
group that is not the shell's, and the trace saw each pipeline's ten
hand-overs (each stage's child and parent), so the checks can fail.
Prints TAP; exit 77 = skip."""
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, text, wrapped  # noqa: E402

import pexpect  # noqa: E402

RUNS = 3
# One stage: samples until the marker file exists (the last stage makes
# it once it runs, so all forks are over), at least once, at most 5000
# times; then "S<n> pg=<group> tp=<terminal's group> n=<samples>
# bad=<samples where they differed>" on the terminal.
STAGE = ('st() { n=0; bad=0; while :; do '
         'read -r a b c d pg e f tp g < /proc/self/stat; '
         '[ "$tp" = "$pg" ] || bad=$((bad+1)); n=$((n+1)); '
         '[ -e m ] && break; [ $n -ge 5000 ] && break; done; '
         'echo "S$1 pg=$pg tp=$tp n=$n bad=$bad" >&2; }')
PIPE = "rm -f m; st 1 | st 2 | st 3 | st 4 | { sleep 0.2; : > m; st 5; }"
REPORT = re.compile(r"S(\d) pg=(\d*) tp=(\d*) n=(\d+) bad=(\d+)")


def stages(label, s, shell_pid):
    """The pipeline RUNS times; each stage's report checked."""
    for run in range(1, RUNS + 1):
        tag = "%s, run %d" % (label, run)
        out, st = s.run(PIPE, timeout=60)
        t = text(out)
        rep = {int(m.group(1)): m.groups()[1:] for m in REPORT.finditer(t)}
        ok(sorted(rep) == [1, 2, 3, 4, 5] and st == 0,
           "%s: all five stages reported (status 0)" % tag, t)
        if sorted(rep) != [1, 2, 3, 4, 5]:
            continue
        groups = {r[0] for r in rep.values()}
        ok(len(groups) == 1 and "" not in groups and
           str(shell_pid) not in groups,
           "%s: the five stages are one process group, not the shell's (%s)"
           % (tag, shell_pid), t)
        ok(all(int(r[2]) >= 1 for r in rep.values()),
           "%s: every stage sampled the terminal (control)" % tag, t)
        bad = {k: r for k, r in rep.items() if int(r[3]) or r[1] != r[0]}
        ok(not bad, "%s: every stage saw its own job's group in the "
           "foreground at every sample while the pipeline started" % tag,
           "stages that did not: %r\n%s" % (bad, t))


def start(label, backend):
    s = Sh.start(backend=backend, agent=False, env={"PS1": "$ "})
    out, st = s.run(STAGE)
    ok(st == 0, "%s: the stage function is defined" % label, text(out))
    out, st = s.run("echo pid=$$")
    m = re.search(r"pid=(\d+)", text(out))
    ok(m is not None, "%s: the shell's pid" % label, text(out))
    return s, int(m.group(1)) if m else -1


def hand_overs(path):
    """The groups each TIOCSPGRP handed the terminal to, in order."""
    seq = []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"ioctl\(\d+, TIOCSPGRP, \[(\d+)\]", line)
            if m:
                seq.append(int(m.group(1)))
    return seq


def traced(backend):
    label = "%s, strace" % backend
    d = tempfile.mkdtemp(prefix="sbx-ptyfork-")
    trace = os.path.join(d, "trace")
    real = os.environ["SBXSH"]
    wrap = wrapped(label, "strace -f -qq -o %s -e trace=ioctl" % trace,
                   "strace")
    if not wrap:
        return
    os.environ["SBXSH"] = wrap
    try:
        s, shell_pid = start(label, backend)
        stages(label, s, shell_pid)
        s.send("exit\r")
        try:
            s.c.expect(pexpect.EOF, timeout=20)
        except pexpect.TIMEOUT:
            pass
        s.cleanup()
    finally:
        os.environ["SBXSH"] = real
    seq = hand_overs(trace)
    # Each job's group: from its first hand-over to its last, the
    # terminal goes to no one else (the shell's own group, handed back
    # after each job, spans the whole session and is left out).
    jobs = [g for g in dict.fromkeys(seq) if g != shell_pid]
    piped = [g for g in jobs if seq.count(g) >= 10]
    ok(len(piped) >= RUNS,
       "%s: the trace shows each pipeline's ten hand-overs to its group "
       "(control)" % label, "TIOCSPGRP groups in order: %r" % seq)
    away = {}
    for g in jobs:
        first = seq.index(g)
        last = len(seq) - 1 - seq[::-1].index(g)
        others = [v for v in seq[first:last + 1] if v != g]
        if others:
            away[g] = others
    ok(not away, "%s: no TIOCSPGRP hands the terminal away from a job "
       "while it starts (the shell's group is %d)" % (label, shell_pid),
       "job group: groups handed the terminal in between: %r\n"
       "TIOCSPGRP groups in order: %r" % (away, seq))
    shutil.rmtree(d, ignore_errors=True)


def plain(backend):
    s, shell_pid = start(backend, backend)
    stages(backend, s, shell_pid)
    s.cleanup()


for be in ("landlock", "namespace"):
    traced(be)
    plain(be)
done()
