#!/usr/bin/env python3
# tests/kernel/doors.py — the other side of the side doors, for
# tests/integration/side_doors.sh: servers and terminals OUTSIDE the
# session (what a job must not reach), and the clients a job runs INSIDE.
#
#   serve-unix PATH LOG        listen on a pathname socket; append what
#                              each client sends to LOG; "READY" on stdout
#   serve-abstract NAME LOG    the same on an abstract socket
#   client-unix PATH MSG       connect, send MSG: "CONNECTED" or the error
#   client-abstract NAME MSG
#   hold-pty LOG SECONDS       open a pty pair, print the slave's path, and
#                              append whatever arrives at the master to LOG
#   steal-tty PATH             open another terminal read-write, write to
#                              it, try to read: prints what succeeded
#   pair PATH                  server and client of one socket, inside
import os
import select
import socket
import sys
import time


def serve(sock, log):
    sock.listen(8)
    print("READY", flush=True)
    sock.settimeout(120)
    while True:
        try:
            c, _ = sock.accept()
        except Exception:
            return
        c.settimeout(5)
        data = b""
        try:
            while True:
                b = c.recv(4096)
                if not b:
                    break
                data += b
        except Exception:
            pass
        with open(log, "ab") as f:
            f.write(data + b"\n")
        c.close()


def client(addr, msg):
    s = socket.socket(socket.AF_UNIX)
    try:
        s.connect(addr)
        s.sendall(msg.encode())
        print("CONNECTED")
    except OSError as e:
        print("REFUSED", e.errno, e.strerror)
    s.close()


def main():
    cmd = sys.argv[1]
    if cmd == "serve-unix":
        s = socket.socket(socket.AF_UNIX)
        s.bind(sys.argv[2])
        serve(s, sys.argv[3])
    elif cmd == "serve-abstract":
        s = socket.socket(socket.AF_UNIX)
        s.bind("\0" + sys.argv[2])
        serve(s, sys.argv[3])
    elif cmd == "client-unix":
        client(sys.argv[2], sys.argv[3])
    elif cmd == "client-abstract":
        client("\0" + sys.argv[2], sys.argv[3])
    elif cmd == "hold-pty":
        m, sl = os.openpty()
        print(os.ttyname(sl), flush=True)
        end = time.time() + float(sys.argv[3])
        while time.time() < end:
            r, _, _ = select.select([m], [], [], 0.2)
            if r:
                try:
                    data = os.read(m, 4096)
                except OSError:
                    break
                with open(sys.argv[2], "ab") as f:
                    f.write(data)
    elif cmd == "steal-tty":
        try:
            fd = os.open(sys.argv[2], os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        except OSError as e:
            print("OPEN-REFUSED", e.errno, e.strerror)
            return
        print("OPENED")
        try:
            os.write(fd, b"STOLEN-WRITE\n")
            print("WROTE")
        except OSError as e:
            print("WRITE-REFUSED", e.errno)
        try:
            print("READ", len(os.read(fd, 100)))
        except OSError as e:
            print("READ-REFUSED", e.errno)
    elif cmd == "pair":
        path = sys.argv[2]
        srv = socket.socket(socket.AF_UNIX)
        srv.bind(path)
        srv.listen(1)
        c = socket.socket(socket.AF_UNIX)
        c.connect(path)
        a, _ = srv.accept()
        c.sendall(b"ping")
        print("PAIR-OK", a.recv(4).decode())
    else:
        sys.exit("unknown command " + cmd)


main()
