"""docs/tutorial.md, docs/policy-guide.md and README.md do what they say: every
```console block of each, in order,
in one scratch home (under /var/tmp, outside every writable root, with a
key in ~/.ssh and a ~/.profile, as a newcomer's home has), with sbxsh on
PATH. "$ " lines run in bash, a here-document up to its end marker;
"[sbx:" lines are typed at the prompt of the interactive sbxsh the "$ "
line before them opened, in a real pty (TERM=dumb: no escapes to strip);
the other lines are the output the tutorial promises, each of which must
appear in that order in what the command printed ("..." stands for any
text, the home is shown as /home/you). TAP, one case per command.
A control runs one command with an output line it never prints and
expects the comparison to fail."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import ptyhelp as t  # noqa: E402  (pexpect, TAP, strict mode)
import pexpect  # noqa: E402

SRC = os.environ.get("SBXSH_SRC") or t.skip("SBXSH_SRC is not set")
SBXSH = t.binary()
PROMPT = re.compile(r"\[sbx:[^\]\n]+\] [^\n]* [$#] ")
TYPED = re.compile(r"^\[sbx:[^\]]+\] \S+ [$#] (.*)$")
# Debian's python3 (with setuptools for the tutorial's pip install),
# not a pyenv one earlier on the caller's PATH.
PY = "/usr/bin/python3"
if not all(os.path.exists(p) for p in (PY, "/usr/bin/pip3")):
    t.skip("Debian's python3 and pip are not installed", "pip")
if subprocess.run([PY, "-c", "import setuptools, pexpect"]).returncode:
    t.skip("python3-setuptools or python3-pexpect is missing", "pip")


def blocks(text):
    """The tutorial's commands: (kind, command, typed lines, expected)."""
    steps = []
    for body in re.findall(r"^```console\n(.*?)^```$", text, re.S | re.M):
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if line.startswith("$ "):
                cmd = line[2:]
                m = re.search(r"<<'?(\w+)'?", cmd)
                if m:  # a here-document: its lines are the command's
                    while i < len(lines) and lines[i] != m.group(1):
                        cmd += "\n" + lines[i]
                        i += 1
                    cmd += "\n" + m.group(1)
                    i += 1
                steps.append({"cmd": cmd, "expect": [], "typed": []})
            elif TYPED.match(line):
                steps[-1]["typed"].append({"line": TYPED.match(line).group(1),
                                           "expect": []})
            elif steps[-1]["typed"]:
                steps[-1]["typed"][-1]["expect"].append(line)
            else:
                steps[-1]["expect"].append(line)
    return steps


def squeeze(line):
    """Runs of blanks as one space: ls in a terminal aligns its columns
    with tabs or spaces, as the terminal's width has it."""
    return " ".join(line.split())


def pattern(line):
    return re.compile(".*".join(re.escape(p) for p in squeeze(line).split("...")))


def missing(expect, out):
    """The first expected line not found (in order) in out, or None."""
    got = [squeeze(ln) for ln in out.replace("\r", "").splitlines()]
    k = 0
    for e in expect:
        p = pattern(e)
        while k < len(got) and not p.fullmatch(got[k]):
            k += 1
        if k == len(got):
            return e
        k += 1
    return None


def shown(out):
    return out.replace(HOME, "/home/you")


def report(desc, expect, out):
    m = missing(expect, shown(out))
    t.ok(m is None, desc, f"expected line not found: {m!r}\n--- got:\n{shown(out)}")


def scratch_home(tmp):
    """A newcomer's home: a key in ~/.ssh and a ~/.profile."""
    home = os.path.join(tmp, "home")
    os.makedirs(os.path.join(home, ".ssh"))
    key = os.path.join(home, ".ssh", "id_ed25519")
    with open(key, "w") as f:
        f.write("-----BEGIN OPENSSH PRIVATE KEY-----\nnot a real key\n")
    os.chmod(key, 0o600)
    with open(os.path.join(home, ".profile"), "w") as f:
        f.write("# ~/.profile\nexport EDITOR=vi\n")
    return home


def run_outer(cmd):
    p = subprocess.run(["bash", "-c", cmd], cwd=HOME, env=ENV,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=300)
    return p.stdout


def run_session(step):
    """Open the session in a pty, type each line, collect its output."""
    sh = pexpect.spawn("bash", ["-c", step["cmd"]], cwd=HOME, env=ENV,
                       encoding="utf-8", timeout=120, dimensions=(50, 200))
    try:
        sh.expect(PROMPT)
        report(f"session '{step['cmd']}': the banner", step["expect"], sh.before)
        for typed in step["typed"]:
            sh.sendline(typed["line"])
            if typed["line"] == "exit":
                sh.expect(pexpect.EOF)
            else:
                sh.expect(PROMPT)
            out = sh.before
            # the terminal echoes the typed line first: not output
            out = out.split("\n", 1)[1] if "\n" in out else ""
            report(f"[sbx] {typed['line']}", typed["expect"], out)
    except (pexpect.TIMEOUT, pexpect.EOF) as e:
        t.ok(False, f"session '{step['cmd']}' ran to its end",
             f"{type(e).__name__}; last output:\n{shown(sh.before or '')}")
    finally:
        sh.close(force=True)


# Each document in a scratch home of its own, its blocks in order.
for doc, least in (("docs/tutorial.md", 10), ("docs/policy-guide.md", 10),
                   ("README.md", 1)):
    tmp = tempfile.mkdtemp(prefix="sbxsh-tutorial.", dir="/var/tmp")
    try:
        HOME = scratch_home(tmp)
        bindir = os.path.join(tmp, "bin")
        os.makedirs(bindir)
        os.symlink(SBXSH, os.path.join(bindir, "sbxsh"))
        ENV = {"HOME": HOME, "PATH": f"{bindir}:/usr/bin:/bin",
               "TERM": "dumb", "LANG": "C.UTF-8",
               "USER": os.environ.get("USER", "root")}
        # A sanitizer build keeps the options its run was given.
        ENV.update({k: v for k, v in os.environ.items()
                    if k.endswith("SAN_OPTIONS") or k.startswith("SBXSH_SANITIZER")})
        with open(os.path.join(SRC, doc)) as f:
            steps = blocks(f.read())
        t.ok(len(steps) >= least, f"{doc} has {len(steps)} commands")
        for step in steps:
            if step["typed"]:
                run_session(step)
            else:
                first = step["cmd"].splitlines()[0]
                report(f"{doc}: $ {first}", step["expect"],
                       run_outer(step["cmd"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
# Control: the comparison does fail for a line the command never
# printed, and for lines out of order.
out = "one\ntwo\n"
t.ok(missing(["one", "two"], out) is None and
     missing(["two", "one"], out) == "one" and
     missing(["one", "three"], out) == "three" and
     missing(["o...e", "t...o"], out) is None,
     "control: a line not printed, or out of order, is caught")
t.done()
