#!/usr/bin/env python3
# tests/kernel/priv.py — both sides of tests/integration/privilege.sh:
# victims OUTSIDE the session (a SysV segment, a terminal) and the attacks
# a job makes INSIDE with the privileges root had (issue 20, items 3, 4).
#
#   shm-hold KEY             outside: a 0600 SysV segment of KEY holding
#                            VICTIM bytes; "READY <id>"; holds it until
#                            killed, then removes it
#   shm-read KEY             outside: the segment's first bytes, or the
#                            error ("GONE ...")
#   shm-attack KEY           inside: shmget(KEY) and every id SHM_STAT
#                            finds, attach read-write, read and overwrite;
#                            prints what worked
#   sleep MARK               inside: a job that waits (its /proc/<pid>/status
#                            is read from outside)
#   packet OUT SECONDS       inside: an AF_PACKET socket; what it captures
#                            goes to OUT; "packet=ok" or "packet=<errno>"
#   kmsg OUT [--open-only]   inside: /proc/kmsg read into OUT (the
#                            control only opens it: a read drains it)
#   fifreeze DIR             inside: ioctl(FIFREEZE) on DIR's filesystem
#   hangup                   inside: vhangup() and ioctl(0, TIOCVHANGUP)
#   lock                     inside: echo off on fd 0's terminal, then
#                            TIOCSLCKTRMIOS locking every flag, then the
#                            modes put back (what a lock keeps off)
#   outer SBXSH-CMD          outside: a real bash on a new pty; records
#                            its `stty -a` and the terminal's lock, runs
#                            SBXSH-CMD from it, then checks the bash is
#                            alive (no SIGHUP) and both are unchanged:
#                            prints "alive=<0|1> stty-same=<0|1>
#                            lock-clear=<0|1>"
import ctypes
import errno
import fcntl
import os
import select
import signal
import socket
import struct
import sys
import time

VICTIM = b"SBXSH-VICTIM-BYTES-0123456789"
IPC_CREAT, IPC_EXCL, IPC_RMID, IPC_STAT = 0o1000, 0o2000, 0, 2
SHM_STAT, SHM_INFO = 13, 14
FIFREEZE, FITHAW = 0xC0045877, 0xC0045878
TIOCVHANGUP, TIOCGLCKTRMIOS, TIOCSLCKTRMIOS = 0x5437, 0x5456, 0x5457

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
libc.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
libc.shmdt.argtypes = [ctypes.c_void_p]


def err():
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))


def shm_hold(key):
    sid = libc.shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0o600)
    if sid < 0:
        sys.exit("shmget: " + err())
    addr = libc.shmat(sid, None, 0)
    if addr in (None, ctypes.c_void_p(-1).value):
        libc.shmctl(sid, IPC_RMID, None)
        sys.exit("shmat: " + err())
    ctypes.memmove(addr, VICTIM, len(VICTIM))

    def bye(*_):
        libc.shmctl(sid, IPC_RMID, None)
        os._exit(0)

    signal.signal(signal.SIGTERM, bye)
    signal.signal(signal.SIGINT, bye)
    print("READY", sid, flush=True)
    while True:
        time.sleep(60)


def shm_read(key):
    sid = libc.shmget(key, 0, 0)
    if sid < 0:
        print("GONE", err())
        return
    addr = libc.shmat(sid, None, 0o10000)  # SHM_RDONLY
    if addr in (None, ctypes.c_void_p(-1).value):
        print("GONE shmat", err())
        return
    print(ctypes.string_at(addr, len(VICTIM)).decode("latin-1"))


def attach_and_write(sid, what):
    addr = libc.shmat(sid, None, 0)
    if addr in (None, ctypes.c_void_p(-1).value):
        return "%s: shmat %s" % (what, err())
    got = ctypes.string_at(addr, len(VICTIM))
    ctypes.memmove(addr, b"PWNED!" * 5, len(VICTIM))
    libc.shmdt(addr)
    return "%s: read %r, overwrote" % (what, got[:12])


def shm_attack(key):
    out = []
    sid = libc.shmget(key, 0, 0)
    out.append("by-key: shmget " + (err() if sid < 0 else "found %d" % sid))
    if sid >= 0:
        out.append(attach_and_write(sid, "by-key"))
    # The walk of the review: every index SHM_STAT answers for.
    buf = ctypes.create_string_buffer(512)
    found = 0
    first = None
    for i in range(0, 4096):
        s = libc.shmctl(i, SHM_STAT, buf)
        if s < 0:
            if first is None:
                first = err()
            continue
        found += 1
        out.append(attach_and_write(s, "walk %d" % i))
    out.append("walk: found %d (first error %s)" % (found, first))
    print("\n".join(out))
    wrote = any("overwrote" in o for o in out)
    print("shm-attack: %s" % ("WROTE" if wrote else "nothing"))


def packet(out, secs):
    try:
        s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(3))
    except OSError as e:
        print("packet=" + errno.errorcode.get(e.errno, str(e.errno)))
        return
    print("packet=ok", flush=True)
    s.settimeout(0.2)
    end = time.time() + secs
    with open(out, "ab") as f:
        while time.time() < end:
            try:
                f.write(s.recv(65535))
                f.flush()
            except socket.timeout:
                pass


def kmsg(out, open_only=False):
    try:
        fd = os.open("/proc/kmsg", os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        print("kmsg=" + errno.errorcode.get(e.errno, str(e.errno)))
        return
    print("kmsg=ok", flush=True)
    if open_only:
        return
    with open(out, "ab") as f:
        for _ in range(50):
            try:
                f.write(os.read(fd, 8192))
            except BlockingIOError:
                break
            except OSError as e:
                print("kmsg-read=" + errno.errorcode.get(e.errno, "?"))
                break


def fifreeze(d):
    fd = os.open(d, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.ioctl(fd, FIFREEZE, 0)
        print("fifreeze=ok")
    except OSError as e:
        print("fifreeze=" + errno.errorcode.get(e.errno, str(e.errno)))


def hangup():
    libc.vhangup.restype = ctypes.c_int
    r = libc.vhangup()
    print("vhangup=" + ("ok" if r == 0 else err()), flush=True)
    try:
        fcntl.ioctl(0, TIOCVHANGUP, 0)
        print("tiocvhangup=ok", flush=True)
    except OSError as e:
        print("tiocvhangup=" + errno.errorcode.get(e.errno, "?"), flush=True)


def lock():
    import termios
    orig = termios.tcgetattr(0)
    a = termios.tcgetattr(0)
    a[3] &= ~termios.ECHO
    termios.tcsetattr(0, termios.TCSANOW, a)
    # struct termios: 4 flags, c_line, 32 c_cc, ispeed, ospeed.
    lk = struct.pack("IIIIB32sII", 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF,
                     0xFFFFFFFF, 0xFF, b"\xff" * 32, 0xFFFFFFFF, 0xFFFFFFFF)
    try:
        fcntl.ioctl(0, TIOCSLCKTRMIOS, lk)
        print("lock=ok", flush=True)
    except OSError as e:
        print("lock=" + errno.errorcode.get(e.errno, "?"), flush=True)
    # Then echo on again, as any program leaves the terminal: a lock that
    # took keeps echo off for whoever uses the terminal next, a refused
    # one leaves the terminal as it was.
    termios.tcsetattr(0, termios.TCSANOW, orig)


def read_lock(path):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    try:
        b = fcntl.ioctl(fd, TIOCGLCKTRMIOS, b"\0" * 60)
    finally:
        os.close(fd)
    return b


def outer(cmd):
    import pty
    import tempfile
    d = tempfile.mkdtemp(prefix="sbxouter.")
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])
    buf = [b""]

    def pump(t):
        end = time.time() + t
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                buf[0] += data
        return True

    def run(line, mark, t=30):
        os.write(fd, line.encode() + b"\r")
        end = time.time() + t
        while time.time() < end:
            if mark.encode() in buf[0]:
                return True
            if not pump(0.2):
                return False
        return False

    pump(1.0)
    run("export PS1='$ '; stty -a > %s/before; tty > %s/tty; echo MARK-1"
        % (d, d), "MARK-1\r")
    slave = open(d + "/tty").read().strip()
    lock_before = read_lock(slave)
    buf[0] = b""
    run(cmd + "; echo MARK-2", "MARK-2\r", 60)
    time.sleep(0.5)
    pump(0.5)
    for ln in buf[0].decode("latin-1").splitlines():
        ln = ln.strip()
        if ln.split("=")[0] in ("vhangup", "tiocvhangup", "lock"):
            print("job: " + ln)
    buf[0] = b""
    alive = run("stty -a > %s/after; echo MARK-3" % d, "MARK-3\r", 10)
    try:
        wp, st = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        wp, st = pid, 0
    alive = alive and wp == 0
    same = False
    try:
        same = open(d + "/before").read() == open(d + "/after").read()
    except OSError:
        pass
    try:
        lock_after = read_lock(slave)
    except OSError:
        lock_after = b"?"
    print("alive=%d stty-same=%d lock-clear=%d" %
          (alive, same, lock_after == lock_before))
    if wp == pid and os.WIFSIGNALED(st):
        print("outer bash died of signal %d" % os.WTERMSIG(st))
    if alive:
        os.write(fd, b"exit\r")
        pump(1.0)
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except OSError:
        pass


def main():
    a = sys.argv[1:]
    if not a:
        sys.exit(__doc__)
    c = a[0]
    if c == "shm-hold":
        shm_hold(int(a[1], 0))
    elif c == "shm-read":
        shm_read(int(a[1], 0))
    elif c == "shm-attack":
        shm_attack(int(a[1], 0))
    elif c == "sleep":
        time.sleep(30)
    elif c == "packet":
        packet(a[1], float(a[2]))
    elif c == "kmsg":
        kmsg(a[1], len(a) > 2 and a[2] == "--open-only")
    elif c == "fifreeze":
        fifreeze(a[1])
    elif c == "hangup":
        hangup()
    elif c == "lock":
        lock()
    elif c == "outer":
        outer(a[1])
    else:
        sys.exit("priv.py: unknown " + c)


if __name__ == "__main__":
    main()
