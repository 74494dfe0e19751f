#!/usr/bin/env python3
"""tests/kernel/pty_run.py — run a command on a fresh pty that is its
controlling terminal (pty.fork: the child is a session leader and the pty
slave its ctty), feed it keystrokes, and print everything it wrote.

usage: pty_run.py [--timeout S] [--send TEXT]... -- CMD [ARG...]
Each --send is written after the output has been quiet for 0.3 s (or
after 2 s), in order; "\\r", "\\x1b" etc. are unescaped. The last line
printed is "PTY_EXIT=<status>" (128+signal when killed; 124 on timeout).
"""
import codecs
import os
import pty
import select
import signal
import sys
import time


def main():
    args = sys.argv[1:]
    timeout = 20.0
    sends = []
    while args and args[0] != "--":
        if args[0] == "--timeout":
            timeout = float(args[1])
            args = args[2:]
        elif args[0] == "--send":
            sends.append(codecs.decode(args[1], "unicode_escape").encode())
            args = args[2:]
        else:
            sys.exit("pty_run.py: bad argument " + args[0])
    argv = args[1:]
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    out = b""
    deadline = time.time() + timeout
    last = time.time()
    status = None
    while True:
        now = time.time()
        if now > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = 124
            break
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                break
            out += data
            last = time.time()
            continue
        if sends and (time.time() - last > 0.3):
            os.write(fd, sends.pop(0))
            last = time.time()
        w, st = os.waitpid(pid, os.WNOHANG)
        if w == pid:
            status = st
            # drain what is left
            while True:
                r, _, _ = select.select([fd], [], [], 0.1)
                if not r:
                    break
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                out += data
            break
    if status is None:
        _, status = os.waitpid(pid, 0)
    if status not in (124,):
        if os.WIFSIGNALED(status):
            status = 128 + os.WTERMSIG(status)
        else:
            status = os.WEXITSTATUS(status)
    sys.stdout.write(out.decode("utf-8", "replace"))
    sys.stdout.write("\nPTY_EXIT=%d\n" % status)


main()
