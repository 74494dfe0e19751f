"""What the kernel-source denial tests share (denials_kernel.py,
denials_mount.py, denials_cross.py): the kernel's audit switch, a planted
root folder for ptyhelp's Sh, and the denial lines of an output."""
import atexit
import os
import socket
import struct
import subprocess
import tempfile

from ptyhelp import binary, text

D = "sbxsh: denied: "


def audit(enabled=None):
    """The kernel's audit switch: read it, or set it (root). None when
    the kernel refuses."""
    try:
        s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 9)
        s.bind((0, 0))
        s.settimeout(1)
        if enabled is None:
            s.send(struct.pack("=IHHII", 16, 1000, 1, 1, 0))  # AUDIT_GET
            d = s.recv(8192)
            if struct.unpack("=H", d[4:6])[0] != 1000:
                return None
            return struct.unpack("=I", d[20:24])[0]
        st = struct.pack("=10I", 1, enabled, 0, 0, 0, 0, 0, 0, 0, 0)
        s.send(struct.pack("=IHHII", 16 + len(st), 1001, 5, 1, 0) + st)
        d = s.recv(8192)  # the ACK: NLMSG_ERROR with 0
        return struct.unpack("=i", d[16:20])[0] == 0 or None
    except OSError:
        return None


def plant(prefix, nobody=False, secret=True, git=False):
    """A root folder for Sh: home/ (with ~/.ssh/id_rsa when |secret|),
    tmp/, and demo/ a git workspace when |git|; owned by nobody when
    |nobody|. Removed at exit."""
    root = tempfile.mkdtemp(prefix=prefix)
    atexit.register(subprocess.run, ["rm", "-rf", root])
    os.makedirs(os.path.join(root, "home", ".ssh" if secret else ""))
    os.makedirs(os.path.join(root, "tmp"))
    if secret:
        with open(os.path.join(root, "home", ".ssh", "id_rsa"), "w") as f:
            f.write("SECRET\n")
    if git:
        subprocess.run(["git", "init", "-q", os.path.join(root, "demo")], check=True)
    if nobody:
        subprocess.run(["chown", "-R", "65534:65534", root], check=True)
    return root


def lines(t):
    """The denial lines of an output (bytes or str)."""
    return [ln for ln in text(t if isinstance(t, bytes) else t.encode()).split("\n")
            if ln.startswith(D)]


def outside(s, be, cmd, to_file):
    """|cmd| in `sbxsh -c` in Sh |s|'s workspace, its stderr a pipe or a
    file: the denial lines."""
    argv = [binary(), "--workspace", s.ws, "--backend", be, "-c", cmd]
    if to_file:
        path = os.path.join(s.root, "tmp", "err.txt")
        with open(path, "wb") as f:
            subprocess.run(argv, env=s.env, cwd=s.ws, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=f, timeout=30)
        with open(path, "rb") as f:
            return lines(f.read())
    p = subprocess.run(argv, env=s.env, cwd=s.ws, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=30)
    return lines(p.stdout)
