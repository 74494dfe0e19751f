#!/usr/bin/env python3
"""tests/kernel/deny_tool.py — a small tool that tries one thing and, when
it fails, exits 1: the way most tools fail inside a sandbox.

    deny_tool.py [--quiet] write|read|connect|net PATH

Without --quiet it says what failed on stderr as a C tool's perror() does
("deny_tool: PATH: Permission denied"); with --quiet it prints nothing at
all, so only the kernel knows what it tried. Exit 0 when it worked.
"""
import os
import socket
import sys

args = sys.argv[1:]
quiet = args[:1] == ["--quiet"]
if quiet:
    args = args[1:]
what, path = args[0], (args[1] if len(args) > 1 else "")


def fail(err, name):
    if not quiet:
        sys.stderr.write("deny_tool: %s: %s\n" % (name, os.strerror(err)))
    sys.exit(1)


try:
    if what == "write":
        with open(path, "a") as f:
            f.write("x\n")
    elif what == "read":
        with open(path) as f:
            if not f.read():
                # the namespace backend's /dev/null over a file reads
                # empty: a tool expecting content fails on it
                sys.exit(1)
    elif what == "connect":
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
    elif what == "net":
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        path = "socket"
except OSError as e:
    fail(e.errno, path if what != "net" else "socket")
print("deny_tool: ok")
