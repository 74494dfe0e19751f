#!/usr/bin/python3
"""pty: history is kept per workspace PATH, apart for --agent sessions, and
`history -d N` / `history -c` really remove lines from the file.

- Two unrelated folders both named `demo` (one state folder): what is
  typed in one is never listed nor recalled (up arrow) in the other.
- A person's session and an --agent session of one workspace keep apart;
  `--agent-history shared` (or `agent-history = shared` in the
  configuration) puts the agent in the person's file.
- `history -d N` of a secret typed by mistake: gone from `history`, from
  the file (read from outside) and from the next session; `history -c`
  empties the file. Both backends: the shell edits the file through the
  descriptor it opened before confinement; a command still cannot write
  it (the control: the same write from outside works)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, history_file, ok, text  # noqa: E402

UP = "\x1b[A"
tag = "h%d" % os.getpid()


def listing(s):
    out, st = s.run("history")
    return text(out)


# Two folders named demo, one state folder.
a = Sh.start(agent=False)
state = os.path.join(a.root, "state")
a.run("echo only-in-A-%s" % tag)
a.close()
other = tempfile.mkdtemp(prefix="sbx-pty-other-")
b = Sh.start(agent=False, root=other, env={"XDG_STATE_HOME": state})
t = listing(b)
ok(("only-in-A-%s" % tag) not in t,
   "another folder named demo does not list A's history", t)
b.send(UP + UP)
out, st = b.run("")
ok(("only-in-A-%s" % tag) not in text(out),
   "... nor recalls it with the up arrow", out)
b.cleanup()
ok(history_file(a, agent=False) != history_file(b, agent=False) and
   os.path.exists(history_file(a, agent=False)),
   "one file per workspace path", os.listdir(os.path.join(state, "sbxsh")))

# Person and agent apart, unless asked.
p = Sh.start(agent=False, root=a.root)
p.run("echo person-line-%s" % tag)
p.close()
g = Sh.start(agent=True, root=a.root)
t = listing(g)
ok(("person-line-%s" % tag) not in t and ("only-in-A-%s" % tag) not in t,
   "an --agent session does not see the person's history", t)
g.run("echo agent-line-%s" % tag)
g.close()
p = Sh.start(agent=False, root=a.root)
t = listing(p)
ok(("agent-line-%s" % tag) not in t and ("person-line-%s" % tag) in t,
   "the person's history holds no agent command", t)
p.close()
g = Sh.start(agent=True, root=a.root, args=["--agent-history", "shared"])
t = listing(g)
ok(("person-line-%s" % tag) in t,
   "--agent-history shared: the agent session uses the person's file", t)
g.close()
cfgdir = os.path.join(a.root, "cfg")
os.makedirs(os.path.join(cfgdir, "sbxsh"))
with open(os.path.join(cfgdir, "sbxsh", "config"), "w") as f:
    f.write("[session]\nagent-history = shared\n")
g = Sh.start(agent=True, root=a.root, env={"XDG_CONFIG_HOME": cfgdir})
t = listing(g)
ok(("person-line-%s" % tag) in t,
   "agent-history = shared in the configuration does the same", t)
g.close()


def removal(backend):
    s = Sh.start(agent=False, root=a.root, backend=backend)
    hf = history_file(s, agent=False)
    s.run("echo before-%s" % tag)
    s.run("export TOKEN=hunter2-%s" % tag)
    s.run("echo after-%s" % tag)
    t = listing(s)
    num = None
    for line in t.splitlines():
        if ("hunter2-%s" % tag) in line and "history" not in line:
            num = line.split()[0]
    ok(num is not None and ("hunter2-%s" % tag) in open(hf).read(),
       "%s: the secret is in the list and the file" % backend, t)
    out, st = s.run("history -d %s" % num)
    t = listing(s)
    on_disk = open(hf).read()
    ok(st == 0 and ("hunter2-%s" % tag) not in t,
       "%s: history -d %s: gone from the list" % (backend, num), out + t.encode())
    ok(("hunter2-%s" % tag) not in on_disk and ("before-%s" % tag) in on_disk
       and ("after-%s" % tag) in on_disk,
       "%s: ... and from the file (seen from outside), the rest kept"
       % backend, on_disk[-500:])
    out, st = s.run("history -d 99999")
    ok(st == 1 and "out of range" in text(out),
       "%s: history -d out of range: status 1" % backend, out)
    # A command (not the shell) still cannot write the file.
    out, st = s.run("echo forged-%s >> '%s'" % (tag, hf))
    ok(("forged-%s" % tag) not in open(hf).read().splitlines(),
       "%s: a command cannot write the history file" % backend, out)
    s.close()
    n = Sh.start(agent=False, root=a.root, backend=backend)
    t = listing(n)
    ok(("hunter2-%s" % tag) not in t and ("after-%s" % tag) in t,
       "%s: the next session does not bring it back" % backend, t)
    out, st = n.run("history -c")
    size = os.path.getsize(hf)
    ok(st == 0 and size == 0,
       "%s: history -c empties the file (%d bytes left)" % (backend, size),
       out)
    n.run("echo fresh-%s" % tag)
    ok(open(hf).read() == "echo fresh-%s\n" % tag,
       "%s: the next line is appended to the emptied file" % backend,
       open(hf).read())
    n.close()
    with open(hf, "a") as f:  # control: from outside the file is writable
        f.write("outside-%s\n" % tag)
    ok(("outside-%s" % tag) in open(hf).read().splitlines(),
       "%s: control: the same append from outside lands" % backend)


for be in ((None,) if Sh.BACKEND == "none" else ("landlock", "namespace")):
    removal(be)
a.cleanup()
done()
