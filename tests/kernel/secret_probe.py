#!/usr/bin/env python3
"""tests/kernel/secret_probe.py LIST — run inside a session by
tests/integration/secrets.sh: for every line "<i> <f|d> <path>" of LIST,
try to read the secret (the file, or <path>/secret for a folder) and to
write it (append to the file, or create <path>/new), and print

  READ <i> ok <first line>   |  READ <i> errno <n>
  WRITE <i> ok               |  WRITE <i> errno <n>

then "NOTES <first line of $HOME/notes>" (a file that must stay readable,
so a probe that can read nothing at all is told apart) and "PROBE-DONE".
The test judges from outside: whether the secret's content reached this
output, and whether the file on disk changed."""
import os
import sys


def attempt(tag, i, fn):
    try:
        r = fn()
    except OSError as e:
        print("%s %s errno %d" % (tag, i, e.errno))
        return
    print("%s %s ok%s" % (tag, i, "" if r is None else " " + r))


def read(kind, path):
    with open(path if kind == "f" else os.path.join(path, "secret")) as f:
        return f.readline().strip()


def write(kind, path):
    if kind == "f":
        with open(path, "a") as f:
            f.write("written from inside\n")
    else:
        with open(os.path.join(path, "new"), "w") as f:
            f.write("written from inside\n")


for line in open(sys.argv[1]):
    i, kind, path = line.rstrip("\n").split(" ", 2)
    attempt("READ", i, lambda: read(kind, path))
    attempt("WRITE", i, lambda: write(kind, path))
with open(os.path.join(os.environ["HOME"], "notes")) as f:
    print("NOTES " + f.readline().strip())
print("PROBE-DONE")
