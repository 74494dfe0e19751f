#!/usr/bin/env python3
"""tests/kernel/net_probe.py — both ends of the escape battery's network
cases, so that what a case asserts is what the server received, not what
the client printed.

  net_probe.py listen PORTFILE LOG   TCP and UDP on one 127.0.0.1 port:
      writes the port to PORTFILE, then appends "TCP <line>" for every
      connection (its first line) and "UDP <payload>" for every datagram
      to LOG, one line each, flushed; runs until killed (at most 300 s).
  net_probe.py tcp PORT TAG | udp PORT TAG | tcp6 | unix DIR
      the client: prints "STARTED <mode>", then "OK <mode>" if the socket
      was made and (tcp, udp) the tag sent, or "ERRNO <n> <mode>". A
      client that fails to start prints neither, so a case can tell "the
      kernel refused" from "nothing ran".
"""
import os
import select
import socket
import sys
import time


def listen(portfile, logname):
    t = socket.socket()
    t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    t.bind(("127.0.0.1", 0))
    t.listen(64)
    port = t.getsockname()[1]
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    u.bind(("127.0.0.1", port))
    log = open(logname, "a", buffering=1)
    with open(portfile + ".new", "w") as f:
        f.write("%d\n" % port)
    os.rename(portfile + ".new", portfile)
    end = time.time() + 300
    while time.time() < end:
        r, _, _ = select.select([t, u], [], [], 1)
        for s in r:
            if s is t:
                c, _ = t.accept()
                c.settimeout(2)
                try:
                    data = c.recv(256)
                except OSError:
                    data = b""
                c.close()
                log.write("TCP %s\n" % data.decode("utf-8", "replace").strip())
            else:
                data, _ = u.recvfrom(256)
                log.write("UDP %s\n" % data.decode("utf-8", "replace").strip())


def client(mode, args):
    print("STARTED " + mode, flush=True)
    try:
        if mode == "tcp":
            s = socket.socket()
            s.connect(("127.0.0.1", int(args[0])))
            s.sendall(args[1].encode() + b"\n")
            s.close()
        elif mode == "udp":
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            s.sendto(args[1].encode(), ("127.0.0.1", int(args[0])))
        elif mode == "tcp6":
            socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        elif mode == "unix":
            a, b = socket.socketpair()
            a.send(b"u")
            assert b.recv(1) == b"u"
            path = os.path.join(args[0], "sock")
            s = socket.socket(socket.AF_UNIX)
            s.bind(path)
            s.listen(1)
            c = socket.socket(socket.AF_UNIX)
            c.connect(path)
            os.unlink(path)
        else:
            sys.exit("net_probe.py: bad mode " + mode)
    except OSError as e:
        print("ERRNO %d %s" % (e.errno, mode))
        return
    print("OK " + mode)


if __name__ == "__main__":
    if sys.argv[1] == "listen":
        listen(sys.argv[2], sys.argv[3])
    else:
        client(sys.argv[1], sys.argv[2:])
