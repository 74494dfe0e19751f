#!/bin/bash
# tests/bench/bench-proxy.sh — the egress proxy of --network domains
# (shell/proxy/, issue 22) alone, through its test driver, in a network
# and mount namespace of its own (no internet; names from a hosts file
# mounted over /etc/hosts):
#
#   1. 200 MiB downloaded with curl from a local server on 192.0.2.10,
#      direct, through the proxy as plain HTTP (absolute-form GET) and
#      through a CONNECT tunnel, in turns (each round runs the three once,
#      so a machine that gets busier shifts them alike); medians of RUNS,
#      the ratio to direct (goal >= 0.8x), and the CPU time the proxy
#      spent per download (utime + stime from /proc: what the relay costs,
#      whatever the load; the wall time on a shared machine is mostly
#      the three processes waiting for a core);
#   2. 200 concurrent CONNECT tunnels, each echoing 64 KiB: wall time and
#      how many succeeded;
#   3. the proxy's peak resident memory (VmHWM) after both.
#
# Usage: tests/bench/bench-proxy.sh [BUILD_DIR]   (root: unshare -mn)
# Exits 0 whatever the numbers: it measures, it does not gate.
set -u
BUILD=${1:-build}
BUILD=$(cd "$BUILD" && pwd)
[ -x "$BUILD/sbxsh-proxy-test" ] || { echo "bench-proxy: no $BUILD/sbxsh-proxy-test (build the tree first)" >&2; exit 2; }
command -v curl >/dev/null || { echo "bench-proxy: needs curl" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "bench-proxy: needs root (unshare -mn)" >&2; exit 2; }
export DRIVER=$BUILD/sbxsh-proxy-test RUNS=${RUNS:-3}
exec unshare -mn -- python3 - <<'PY'
import os, socket, statistics, subprocess, sys, tempfile, threading, time

DRIVER = os.environ["DRIVER"]
RUNS = int(os.environ["RUNS"])
SIZE = 200 * 1024 * 1024
T = tempfile.mkdtemp(prefix="bench-proxy.")
open(T + "/hosts", "w").write("127.0.0.1 localhost\n192.0.2.10 up.test\n")
open(T + "/resolv.conf", "w").write("nameserver 127.0.0.9\n")
for c in (["mount", "--bind", T + "/hosts", "/etc/hosts"],
          ["mount", "--bind", T + "/resolv.conf", "/etc/resolv.conf"],
          ["ip", "link", "set", "lo", "up"],
          ["ip", "addr", "add", "192.0.2.10/32", "dev", "lo"]):
    subprocess.run(c, check=True)

CHUNK = memoryview(b"\0" * (1 << 20))

def serve(s, fn):
    while True:
        c, _ = s.accept()
        threading.Thread(target=fn, args=(c,), daemon=True).start()

def download(c):
    buf = b""
    while b"\r\n\r\n" not in buf:
        d = c.recv(65536)
        if not d:
            c.close(); return
        buf += d
    c.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % SIZE)
    for _ in range(SIZE >> 20):
        c.sendall(CHUNK)
    c.close()

def echo(c):
    try:
        while True:
            d = c.recv(65536)
            if not d:
                break
            c.sendall(d)
    except OSError:
        pass
    c.close()

for port, fn in ((8080, download), (9000, echo)):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("192.0.2.10", port)); s.listen(512)
    threading.Thread(target=serve, args=(s, fn), daemon=True).start()

ready = T + "/ready"
px = subprocess.Popen([DRIVER, "--allow", "up.test", "--ready", ready],
                      stdout=subprocess.PIPE)
threading.Thread(target=lambda: [None for _ in px.stdout], daemon=True).start()
while not os.path.exists(ready):
    time.sleep(0.02)
hp, sp = map(int, open(ready).read().split())

def cpu(pid):
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

def curl(extra):
    r = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{time_total} %{size_download}"]
                       + extra + ["http://up.test:8080/big"], capture_output=True, text=True,
                       env=dict(os.environ, no_proxy=""))
    t, n = r.stdout.split()
    assert int(n) == SIZE, r.stderr
    return float(t)

cases = [("direct", ["--resolve", "up.test:8080:192.0.2.10"]),
         ("proxy, plain HTTP", ["-x", "http://127.0.0.1:%d" % hp]),
         ("proxy, CONNECT", ["-p", "-x", "http://127.0.0.1:%d" % hp])]
wall = {name: [] for name, _ in cases}
pcpu = {name: [] for name, _ in cases}
for _ in range(RUNS):
    for name, extra in cases:
        c0 = cpu(px.pid)
        wall[name].append(curl(extra))
        pcpu[name].append(cpu(px.pid) - c0)
res = {name: statistics.median(v) for name, v in wall.items()}
d = res["direct"]
print("200 MiB download, median of %d, in turns:" % RUNS)
for name, _ in cases:
    t = res[name]
    print("  %-18s %6.3f s  %7.0f MiB/s  %.2fx of direct  proxy CPU %.3f s"
          % (name, t, 200 / t, d / t, statistics.median(pcpu[name])))

N, PAY = 200, 64 * 1024
okc = 0
lock = threading.Lock()
go = threading.Event()
def tunnel():
    global okc
    try:
        s = socket.create_connection(("127.0.0.1", hp))
        go.wait()
        s.sendall(b"CONNECT up.test:9000 HTTP/1.1\r\n\r\n")
        h = b""
        while b"\r\n\r\n" not in h:
            h += s.recv(1)
        s.sendall(b"x" * PAY)
        got = 0
        while got < PAY:
            d = s.recv(65536)
            if not d:
                break
            got += len(d)
        s.close()
        if got == PAY and h.startswith(b"HTTP/1.1 200"):
            with lock:
                okc += 1
    except OSError:
        pass
th = [threading.Thread(target=tunnel) for _ in range(N)]
for t in th: t.start()
time.sleep(0.5)
t0 = time.time(); go.set()
for t in th: t.join()
print("%d concurrent CONNECT tunnels echoing 64 KiB: %d ok in %.3f s" % (N, okc, time.time() - t0))
hwm = [l for l in open("/proc/%d/status" % px.pid) if l.startswith(("VmHWM", "VmRSS"))]
print("proxy memory: " + ", ".join(" ".join(l.split()) for l in hwm))
px.kill(); px.wait()
PY
