#!/usr/bin/python3
"""pty: no routed variable makes a tool warn. npm, pip, go and cargo run
in an --agent session, as a harness types them (offline subcommands), and
no line of their output may be a warning that names a routed variable
(`policy env` lists them), in any of the forms tools spell them: the name,
and npm's key for npm_config_* (`npm_config_store_dir` -> "store-dir").
npm once warned `Unknown env config "store-dir"` on every command for the
row meant for pnpm. Controls: each tool ran (its version or config shows),
and the same scan does catch npm's warning for an unknown npm_config_*
variable given on the command line."""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from ptyhelp import Sh, done, ok, skip_case, text  # noqa: E402


def find(tool, extra=()):
    """The folder that holds |tool|: PATH, then the usual install places."""
    p = shutil.which(tool)
    if p:
        return os.path.dirname(os.path.realpath(p)) if tool == "go" else \
            os.path.dirname(p)
    for d in extra:
        if os.access(os.path.join(d, tool), os.X_OK):
            return d
    return None


home = os.path.expanduser("~")
dirs = {
    "npm": find("npm"),
    "pip": find("pip") or find("pip3"),
    "go": find("go", ("/usr/lib/go/bin", "/usr/local/go/bin")),
    "cargo": find("cargo", (os.path.join(home, ".cargo", "bin"),)),
}
path = ["/usr/local/bin", "/usr/bin", "/bin"]
for d in dirs.values():
    if d and d not in path:
        path.append(d)
env = {"PATH": ":".join(path)}
# rustup's cargo finds its toolchains in the real home's ~/.rustup.
if dirs["cargo"] and os.path.isdir(os.path.join(home, ".rustup")):
    env["RUSTUP_HOME"] = os.path.join(home, ".rustup")

s = Sh.start(env=env)
out, st = s.run("policy env")
routed = re.findall(r"^  ([A-Za-z_][A-Za-z0-9_]*)=", text(out), re.M)
ok(st == 0 and "PNPM_HOME" in routed and "npm_config_cache" in routed,
   "policy env lists the routed variables (%d)" % len(routed), out)
forms = set()
for name in routed:
    forms.add(name.lower())
    if name.lower().startswith("npm_config_"):
        forms.add(name[len("npm_config_"):].lower().replace("_", "-"))
forms.discard("path")


def complaints(t):
    """Lines of |t| that warn and name a routed variable."""
    bad = []
    for line in t.splitlines():
        low = line.lower()
        if "unknown env config" in low or (
                re.search(r"warn|deprecat|unknown|ignor|invalid", low) and
                any(f in low for f in forms)):
            bad.append(line)
    return bad


PIP = "pip" if dirs["pip"] and os.access(os.path.join(dirs["pip"], "pip"),
                                         os.X_OK) else "pip3"
runs = [
    ("npm", "npm --version", r"^\d+\.\d+"),
    ("npm", "npm config list", r"prefix = "),
    ("pip", PIP + " --version", r"^pip \d"),
    ("pip", PIP + " config list", r"cache-dir"),
    ("go", "go env", r"GOPATH="),
    ("go", "go version", r"^go version"),
    ("cargo", "cargo --version", r"^cargo \d"),
]
for tool, line, want in runs:
    if not dirs[tool]:
        skip_case("%s is not installed" % tool, tool)
        continue
    out, st = s.run(line + " 2>&1", timeout=120)
    t = text(out)
    ok(st == 0 and re.search(want, t, re.M),
       "`%s` runs in the session" % line, t)
    bad = complaints(t)
    ok(not bad, "`%s`: no warning names a routed variable" % line,
       "\n".join(bad) or t)

# Control: the scan sees npm's complaint about an npm_config_* it does
# not know (the kind of row that once made every npm command warn).
if dirs["npm"]:
    forms.add("store-dir")
    out, st = s.run("npm_config_store_dir=/nowhere npm config list 2>&1",
                    timeout=120)
    ok(complaints(text(out)),
       "control: the scan catches npm's warning for npm_config_store_dir",
       out)
s.cleanup()
done()
