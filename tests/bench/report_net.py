"""tests/bench/report_net.py RAW_DIR — the network figures side by side:
bench-network.sh's start-up (--network on, domains, bwrap --unshare-net)
and bench-proxy.sh's transfer (direct, through the proxy as plain HTTP
and through a CONNECT tunnel), read from RAW_DIR/network.txt and
RAW_DIR/proxy.txt, printed as one Markdown section. report.py adds the
same section to REPORT.md when both files are there (report.sh runs the
two benchmarks as root); tests/bench/bench-net.sh runs them alone, in one
run, and prints it. A figure whose line is missing stops it, naming the
line, as in report.py."""
import os
import re
import sys

NUM = r"(-?[0-9]+(?:\.[0-9]+)?)"


def _grab(txt, name, pattern, groups=1, need=True):
    m = re.search(pattern, txt, re.M)
    if not m:
        if not need:
            return None
        sys.exit(f"report: bench-{name}.sh printed no line matching {pattern!r}"
                 f" (raw/{name}.txt)")
    vals = tuple(float(m.group(i + 1)) for i in range(groups))
    return vals[0] if groups == 1 else vals


def available(raw):
    return all(os.path.exists(os.path.join(raw, n + ".txt")) for n in ("network", "proxy"))


def section(raw):
    """The section's lines (Markdown), or [] when either file is missing."""
    if not available(raw):
        return []
    net = open(os.path.join(raw, "network.txt")).read()
    px = open(os.path.join(raw, "proxy.txt")).read()
    st = {}
    for who in ("on", "domains", "bwrap-net"):
        st[who] = _grab(net, "network", rf"^{who} +median {NUM} ms", need=who != "bwrap-net")
    runs = int(_grab(px, "proxy", r"^200 MiB download, median of ([0-9]+)"))
    dl = {}
    for key, pat in (("direct", "direct"), ("plain", "proxy, plain HTTP"),
                     ("connect", "proxy, CONNECT")):
        dl[key] = _grab(px, "proxy", rf"^  {pat} +{NUM} s +{NUM} MiB/s +{NUM}x of direct"
                        rf"  proxy CPU {NUM} s", 4)
    conc = _grab(px, "proxy", rf"^{NUM} concurrent CONNECT tunnels echoing 64 KiB: "
                 rf"{NUM} ok in {NUM} s", 3)
    hwm = _grab(px, "proxy", rf"^proxy memory: VmHWM: {NUM} kB")

    def ms(v):
        return "n/a" if v is None else f"{v:.2f} ms"

    def rt(a, b):
        return "n/a" if a is None or b is None or b == 0 else f"{a / b:.2f}x"

    L = []
    w = L.append
    w("## Network: `--network domains` (the namespace and the proxy)")
    w("")
    w("| figure | direct / `--network on` | through the proxy / `--network domains` "
      "| bwrap `--unshare-net` | ratio | target |")
    w("| --- | --- | --- | --- | --- | --- |")
    w(f"| start-up, `sbxsh -c true` (bwrap: one `/bin/true`) | {ms(st['on'])} "
      f"| {ms(st['domains'])} | {ms(st['bwrap-net'])} | domains/on {rt(st['domains'], st['on'])}, "
      f"domains/bwrap {rt(st['domains'], st['bwrap-net'])} | default mode unchanged |")
    for key, label in (("plain", "plain HTTP (absolute-form GET)"),
                       ("connect", "CONNECT tunnel")):
        d, p = dl["direct"][0], dl[key][0]
        met = d / p >= 0.8
        w(f"| 200 MiB download, {label}, median of {runs} | {d:.3f} s ({dl['direct'][1]:.0f} MiB/s) "
          f"| {p:.3f} s ({dl[key][1]:.0f} MiB/s) | n/a (no network) | {d / p:.2f}x of direct "
          f"| >= 0.8x: {'met' if met else '**missed**'} |")
    w(f"| the proxy's CPU per 200 MiB (plain / CONNECT) | | {dl['plain'][3]:.3f} s / "
      f"{dl['connect'][3]:.3f} s | | | |")
    w(f"| {conc[0]:.0f} concurrent CONNECT tunnels echoing 64 KiB | | {conc[1]:.0f} ok in "
      f"{conc[2]:.3f} s | | | all ok: {'met' if conc[1] == conc[0] else '**missed**'} |")
    w(f"| the proxy's peak resident memory | | {hwm / 1024:.1f} MiB | | | |")
    w("")
    w("The proxy relays with splice(2) (shell/proxy/relay.c): its CPU per "
      "download is what the relay costs whatever the load; the wall-clock "
      "ratio on a machine whose two cores are shared is mostly three "
      "processes (server, proxy, client) waiting for a core where the direct "
      "download has two. [raw/network.txt](raw/network.txt), "
      "[raw/proxy.txt](raw/proxy.txt).")
    w("")
    return L


if __name__ == "__main__":
    lines = section(sys.argv[1])
    if not lines:
        sys.exit("report_net: no network.txt and proxy.txt in " + sys.argv[1])
    print("\n".join(lines))
