#!/usr/bin/python3
"""--network domains: a refusal's line comes before the prompt (issue 22).

The proxy tells the session what it refused through its event pipe, and
the client hears of the refusal (a 403, a SOCKS5 failure) through its own
socket. Were the line written after the answer, a curl could read its 403
and exit, the shell find the pipe empty and draw the next prompt, and the
line come one command late (or, after a session's last command, never).
The proxy writes the line into the pipe before it queues the answer
(shell/proxy/proxy.c, px_event()), so the line is read before the prompt.

One command of 600 refusals of long names (about 150 KiB of lines, more
than a pipe holds by default) must have all its lines printed before the
next command's output: buffered in the proxy behind a full pipe, the last
of them came after it (main before this test: 271 and 489 of 600).

Each refusal is the LAST command before a prompt (at a terminal, the
OSC 133 D mark that ends the command's output) or before a marker line
(`-c`), 20 times in a row, each with a host of its own, so a line that
came late shows under the next command's output:
  - at a terminal (pty, --agent's marks), both Linux backends, HTTP (403)
    and SOCKS5 (socks5h) alternating;
  - with -c, as root and as nobody, both backends, the script's very last
    command a refused curl too (its line must come before the session
    ends).
No server is needed: the names are refused by the rules before anything
is resolved. Control: the same curl with --network on gets no line."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, skip, text  # noqa: E402
import strict  # noqa: E402

N = 20
D = "sbxsh: denied: network "
SBXSH = os.environ.get("SBXSH")
if not SBXSH:
    skip("SBXSH is not set to the sbxsh binary")
if not shutil.which("curl"):
    skip("no curl", "curl")
RULES = ["--allow-domain", "allowed.test:8080"]


def curl(i):
    """A refused request for host r<i>.test: HTTP through HTTP_PROXY for
    even i, SOCKS5 through ALL_PROXY (socks5h: the name goes to the
    proxy) for odd i."""
    via = '--proxy "$ALL_PROXY" ' if i % 2 else ""
    return "curl -sS --max-time 5 %shttp://r%d.test:8080/x >/dev/null 2>&1" % (via, i)


def line(i):
    return D + "r%d.test:8080 (not in the allow list)" % i


# --- at a terminal: the line between the command's C and D marks ---------
for be in ("landlock", "namespace"):
    s = Sh.start(backend=be, args=RULES)
    late = []
    for i in range(N):
        out, st = s.run(curl(i))
        t = text(out)
        if line(i) not in t:
            late.append("%d: %r" % (i, t[-200:]))
    ok(not late, "%s: each of %d refusals, the last command before its "
       "prompt, printed its line before the prompt" % (be, N), "\n".join(late))
    s.cleanup()


# --- -c: the line before the marker the next command prints ---------------
# First one command of 600 refusals of long names (about 150 KiB of lines,
# more than a pipe's default 64 KiB: the proxy's lines must not wait in
# its own buffer while the 403s go out).
NFLOOD = 600
FLOOD = """python3 -c '
import os, socket
p = int(os.environ["HTTP_PROXY"].rsplit(":", 1)[1])
name = ".".join(["a" * 60] * 3)
for i in range(%d):
    s = socket.create_connection(("127.0.0.1", p))
    s.sendall(b"CONNECT %%s.f%%d.test:8080 HTTP/1.1\\r\\n\\r\\n" %% (name.encode(), i))
    s.recv(4096)
    s.close()
'""" % NFLOOD

def run_c(who, be, net, script=None):
    root = tempfile.mkdtemp(prefix="sbx-netorder-")
    ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
    os.makedirs(ws)
    os.makedirs(home)
    pre = []
    if who == "nobody":
        for d in (root, ws, home):
            os.chown(d, 65534, 65534)
        pre = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    if script is None:
        script = FLOOD + "\necho MARK-FLOOD\n"
        script += "\n".join("%s\necho MARK-%d" % (curl(i), i) for i in range(N))
        script += "\n" + curl(N)  # the session's last command
    env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "XDG_STATE_HOME": os.path.join(home, "state")}
    r = subprocess.run(pre + [SBXSH, "--no-config", "--backend", be] + net +
                       ["-c", script], cwd=ws, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=120)
    shutil.rmtree(root, ignore_errors=True)
    return r.stdout.decode("utf-8", "replace")


users = ["root", "nobody"] if os.geteuid() == 0 else ["self"]
if os.geteuid() != 0:
    if strict.may_skip("root"):
        ok(True, "# SKIP as nobody: needs root")
    else:
        ok(False, strict.why("root", "the nobody cases need root"))
for who in users:
    for be in ("landlock", "namespace"):
        out = run_c(who, be, RULES)
        head = out[:max(out.find("MARK-FLOOD\n"), 0)]
        ok(head.count(".test:8080 (not in the allow list)") == NFLOOD,
           "[%s %s] -c: a command of %d refusals: every line before the "
           "next command's output" % (who, be, NFLOOD),
           "%d lines before MARK-FLOOD\n%s" % (
               head.count(".test:8080 (not in the allow list)"), out[-300:]))
        bad = []
        pos = max(out.find("MARK-FLOOD\n"), 0)
        for i in range(N + 1):
            at = out.find(line(i), pos)
            mark = out.find("MARK-%d\n" % i, pos)
            if at < 0 or (i < N and not 0 <= at < mark):
                bad.append("r%d.test: line at %d, MARK-%d at %d" % (i, at, i, mark))
            if i < N and mark >= 0:
                pos = mark
        ok(not bad, "[%s %s] -c: each refusal's line before the next "
           "command's output, the last one before the session ended"
           % (who, be), "\n".join(bad) + "\n" + out[-600:])

# (a closed port on loopback: no name to resolve, no wait)
out = run_c(users[0], "landlock", ["--network", "on"],
            "curl -sS --max-time 5 http://127.0.0.1:9/x\necho MARK-ctl")
ok("MARK-ctl" in out and D not in out,
   "control: --network on, a curl that fails, no line", out[-400:])
done()
