#!/usr/bin/env python3
# tests/integration/lib/net_upstream.py — the upstream servers of
# tests/integration/net_domains.sh, run in a network namespace of their
# own: what each received is the evidence, checked from outside.
#
#   net_upstream.py ROOT LOG HTTP_PORT RAW_PORT
#
# HTTP_PORT serves the folder ROOT (a pip index, an npm registry, /hello)
# and writes one line per request to LOG: "GET /path Host". RAW_PORT
# accepts TCP and writes "RAW <first bytes>" per connection: a port no
# rule allows must never see one.
import http.server
import os
import socket
import sys
import threading

root, log, hport, rport = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lock = threading.Lock()


def note(line):
    with lock:
        with open(log, "a") as f:
            f.write(line + "\n")


class H(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k):
        super().__init__(*a, directory=root, **k)

    def log_message(self, *a):
        pass

    def do_GET(self):
        note("GET %s %s" % (self.path, self.headers.get("Host", "-")))
        if self.path.startswith("/hello"):
            body = b"HELLO-UPSTREAM\n"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def raw():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", rport))
    s.listen(64)
    while True:
        c, _ = s.accept()
        c.settimeout(1)
        try:
            data = c.recv(64)
        except OSError:
            data = b""
        note("RAW %r" % data)
        c.close()


threading.Thread(target=raw, daemon=True).start()
srv = http.server.ThreadingHTTPServer(("0.0.0.0", hport), H)
open(log + ".ready", "w").close()
srv.serve_forever()
