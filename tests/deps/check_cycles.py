#!/usr/bin/env python3
"""tests/deps/check_cycles.py -- core/ and backends/ have no dependency
cycle, by the symbols their object files really define and use.

    check_cycles.py NM LAYER=LIB.a... (bottom first: core=... backends=...
                    interp=... session=... interactive=... program=...)

Reads `nm` of every object in both archives (not names in the source: a
call through a macro, an inline function or a table counts, a name in a
comment does not), and draws the module graph: an edge A -> B when the
object of A uses a global symbol the object of B defines. Fails, printing
the edges, on any cycle between the modules (files) of core/ and
backends/, and on any object that uses a symbol of a layer above its own
(core < backends < the shell's interpreter < session < interactive layer
< the program: docs/architecture.md).
Exit 0: no cycle; 1: a cycle or an upward edge; 2: bad usage or nm failed.
"""
import subprocess
import sys


# Modules written in several files. The shell language's lexer and parser
# (core/lang/) are one: the lexer parses the command of a $(...) it meets
# and the parser pulls its tokens from the lexer, a mutual recursion in
# the grammar itself (dash keeps both in one parser.c). synerr.c is the
# lexer's and parser's error reporting, moved out of lex.c (it reads ahead
# with lex_getc to name bash's unexpected token). The objects of an
# archive carry no folder, so they are named here.
GROUPS = {"core/lex": "core/lang", "core/parse": "core/lang",
          "core/arena": "core/lang", "core/heredoc": "core/lang",
          "core/synerr": "core/lang"}


def read_archive(nm, lib, layer):
    """{module: (defined set, used set)} for each object of |lib|."""
    try:
        out = subprocess.run([nm, "-A", "--no-sort", lib], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"check_cycles: nm {lib}: {e}")
    mods = {}
    for line in out.splitlines():
        # "lib.a:backend.c.o:0000000000000000 T be_lookup" or
        # "lib.a:backend.c.o:                 U strcmp"
        head, _, rest = line.rpartition(":")
        obj = head.rsplit(":", 1)[-1]
        parts = rest.split()
        if len(parts) < 2 or not obj.endswith(".o"):
            continue
        kind, sym = parts[-2], parts[-1]
        name = layer + "/" + obj[:-2].removesuffix(".c")
        name = GROUPS.get(name, name)
        d, u = mods.setdefault(name, (set(), set()))
        if kind == "U":
            u.add(sym)
        elif kind.isupper():  # a global definition (T, D, B, R, W, V, C)
            d.add(sym)
    return mods


def sccs(nodes, edges):
    """Tarjan's strongly connected components of the graph."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    args = sys.argv[2:]
    if len(sys.argv) < 4 or any("=" not in a for a in args):
        sys.exit(__doc__)
    nm = sys.argv[1]
    # Layers, bottom first: a module may use its own layer and those
    # below it, never one above.
    order, mods, layer_of = [], {}, {}
    for a in args:
        layer, lib = a.split("=", 1)
        order.append(layer)
        got = read_archive(nm, lib, layer)
        for m in got:
            layer_of[m] = layer
        mods.update(got)
    rank = {layer: i for i, layer in enumerate(order)}
    owner = {}
    for m, (defs, _) in mods.items():
        for s in defs:
            owner.setdefault(s, m)
    edges, why = {}, {}
    for m, (_, used) in mods.items():
        for s in used:
            o = owner.get(s)
            if o and o != m:
                edges.setdefault(m, set()).add(o)
                why.setdefault((m, o), []).append(s)
    bad = 0
    for (a, b), syms in sorted(why.items()):
        if rank[layer_of[a]] < rank[layer_of[b]]:
            print(f"not ok: {layer_of[a]} uses {layer_of[b]}, a layer above "
                  f"it: {a} -> {b} ({', '.join(sorted(syms)[:6])})")
            bad = 1
    # No cycle between the modules of core/ and backends/ (the shell's
    # interpreter keeps a knot of its own, as dash does: eval, exec and
    # jobs call each other; only its layer's order is checked).
    acyclic = {m for m in mods if layer_of[m] in ("core", "backends")}
    sub = {m: {o for o in edges.get(m, ()) if o in acyclic} for m in acyclic}
    for comp in sccs(acyclic, sub):
        if len(comp) < 2:
            continue
        bad = 1
        print(f"not ok: dependency cycle between {', '.join(comp)}:")
        for a in comp:
            for b in sorted(edges.get(a, ())):
                if b in comp:
                    syms = sorted(why[(a, b)])
                    more = f" +{len(syms) - 6}" if len(syms) > 6 else ""
                    print(f"  {a} -> {b}: {', '.join(syms[:6])}{more}")
    if bad:
        print("\nevery edge found (module -> module it uses):")
        for (a, b) in sorted(why):
            print(f"  {a} -> {b}")
        return 1
    n = sum(len(v) for v in edges.values())
    print(f"ok: {len(mods)} modules, {n} edges; layers in order "
          f"({' < '.join(order)}); no cycle in core or backends")
    return 0


if __name__ == "__main__":
    sys.exit(main())
