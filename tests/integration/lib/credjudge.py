"""tests/integration/lib/credjudge.py LIST OUT VARIANT BACKEND PREFIX —
the verdict of tests/integration/cred_files.sh on one session, judged
from outside: for every line "<i> <f|d> <path>" of LIST, did the
secret's content reach the session's output OUT, is the file on disk as
the layout made it ("CRED-<i>-<VARIANT>", nothing created in a folder),
and did the probe try both (READ/WRITE lines)? With BACKEND none
(the control) every secret must have been read and written. Prints the
number of secrets that behaved, then one line per one that did not."""
import os
import sys

lst, outf, variant, be, pre = sys.argv[1:]
out = open(outf, errors="replace").read()
tried = set(" ".join(l.split(" ", 2)[:2]) for l in out.splitlines()
            if l.startswith(("READ ", "WRITE ")))


def unchanged(i, k, p):
    want = "CRED-%s-%s" % (i, variant)
    if k == "d":
        return (not os.path.exists(os.path.join(p, "new")) and
                open(os.path.join(p, "secret")).read().strip() == want)
    return open(p).read().strip() == want


good, bad = 0, []
for line in open(lst):
    i, k, p = line.rstrip("\n").split(" ", 2)
    leaked = ("CRED-%s-%s" % (i, variant)) in out
    same = unchanged(i, k, p)
    name = p[len(pre):] if p.startswith(pre) else p
    if be == "none":
        if leaked and not same:
            good += 1
        else:
            bad.append("control: %s leaked=%s unchanged=%s" % (name, leaked, same))
    elif not leaked and same and ("READ " + i) in tried and ("WRITE " + i) in tried:
        good += 1
    else:
        bad.append("%s leaked=%s unchanged=%s" % (name, leaked, same))
print(good)
for b in bad:
    print(b)
