#!/usr/bin/env python3
"""Simon Tatham's Solo game IDs (sgt-solo --generate) to json records, one
a line: a stand-in for the tests and bench/variants.sh that need Solo's
puzzles before `-f solo` reads them.  Boxes (CxR), X, jigsaw (Nj) and
killer (k) only: enough for what sgt-solo makes.

The ID's grid is a run of cells: a-z that many empty, a number a given,
_ between two numbers.  A block structure (jigsaw regions, killer cages)
counts the cells between the walls over the internal vertical lines in
reading order, then the horizontal ones column by column: _ no cell, a-y
1 to 25, z 25 and no wall after them.  A killer's last part is a grid
with each cage's sum in one of its cells."""
import json
import re
import sys


def grid(spec, area):
    cells = []
    for run, number in re.findall(r"([a-z])|(\d+)", spec):
        cells += [0] * (ord(run) - 96) if run else [int(number)]
    assert len(cells) == area, (len(cells), area)
    return cells


def blocks(spec, n):
    parent = list(range(n * n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    pos = 0
    for ch in spec:
        count = 0 if ch == "_" else ord(ch) - 96
        for _ in range(count):
            if pos < n * (n - 1):
                a = pos // (n - 1) * n + pos % (n - 1)
                b = a + 1
            else:
                x, y = pos // (n - 1) - n, pos % (n - 1)
                a, b = y * n + x, (y + 1) * n + x
            parent[find(a)] = find(b)
            pos += 1
        if count != 26:
            pos += 1
    roots = {}
    return [roots.setdefault(find(i), len(roots)) for i in range(n * n)]


def record(game_id):
    params, desc = game_id.split(":", 1)
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(j?)(x?)(k?)", params)
    if not m:
        raise SystemExit("solo_json: cannot read %r" % params)
    c, r = int(m[1]), int(m[2] or m[1])
    jigsaw, xtype, killer = m[3], m[4], m[5]
    n = c if jigsaw else c * r
    parts = desc.split(",")
    rows = lambda cells: [cells[i * n:(i + 1) * n] for i in range(n)]
    rec = {"size": n, "puzzle": rows(grid(parts.pop(0), n * n))}
    if not jigsaw:
        rec["box"] = [c, r]          # Solo's CxR: boxes C rows high, R wide
    rules = {}
    if jigsaw:
        rules["regions"] = rows([b + 1 for b in blocks(parts.pop(0), n)])
    if xtype:
        rules["diagonals"] = "both"
    if killer:
        cage_of = blocks(parts.pop(0), n)
        sums = grid(parts.pop(0), n * n)
        cages = {}
        for cell, k in enumerate(cage_of):
            cage = cages.setdefault(k, {"cells": [], "sum": 0})
            cage["cells"].append("r%dc%d" % (cell // n + 1, cell % n + 1))
            cage["sum"] += sums[cell]
        rules["cages"] = list(cages.values())
    if rules:
        rec["rules"] = rules
    return rec


for line in sys.stdin:
    if line.strip():
        print(json.dumps(record(line.strip()), separators=(",", ":")))
