#!/usr/bin/env python3
"""Puzzles of every variant for tests/variants_bt.bats and bench/variants.sh,
as json records, one a line, each named VARIANT-SIZE-KIND-I.

usage: variants_gen.py SUDOKU-BT SEED SIZES [VARIANTS] [PER-KIND] [KINDS]

For each variant and size a full board is asked of sudoku-bt (its -s
seed: a random solution of the empty board under the rules; a variant
with none at a size, 4x4 anti-king say, gives its empty board, whose count
is 0).  Jigsaw regions, extra regions, parity and cages are made from a
classic full board, which keeps them.  From it, by the seed: "few" keeps a fifth of the cells (several
solutions, mostly), "many" keeps three in five (mostly one), "wrong" is
"many" with an empty cell given a digit other than the board's (no
solution when "many" had one: every solution of it would be one of
"many").  Killer boards have cages over every cell (ones to fours, their
sums) and a quarter of those givens.  The counts come
from the test (sudoku-bt against CaDiCaL), not from here."""
import json
import random
import subprocess
import sys

KNOWN = ["x", "jigsaw", "windoku", "disjoint", "centre-dot", "asterisk", "girandola",
         "extra", "anti-knight", "anti-king", "non-consecutive", "killer", "parity"]
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}
# jigsaw regions of the prime sizes, from puzzles sgt-solo made (5j, 7j)
JIGSAW = {
    5: "1122213442133421334455555",
    7: "1111111222233322433352444365447666547766557777655",
}


def derived(variant, n, full, rng):
    """Rules a classic full board keeps, made from it: jigsaw regions (the
    boxes, with cells of one digit swapped between neighbouring boxes: each
    region still holds every digit), extra regions (a cell of each digit),
    parity (of some cells, as the board has them), cages (its sums)."""
    if variant == "jigsaw":
        if n in JIGSAW:
            return {"regions": JIGSAW[n]}
        r, c = BOXES[n]
        region = [[r0 // r * r + c0 // c for c0 in range(n)] for r0 in range(n)]
        for b in range(n):
            if b % r == r - 1:
                continue            # the last box of its band: no box on its right
            row = b // r * r + rng.randrange(r)
            col = b % r * c + c - 1
            digit = full[row][col]
            other = [(y, x) for y in range(b // r * r, b // r * r + r)
                     for x in range(col + 1, col + 1 + c) if full[y][x] == digit][0]
            region[row][col], region[other[0]][other[1]] = region[other[0]][other[1]], region[row][col]
        return {"regions": [[x + 1 for x in row] for row in region]}
    if variant == "extra":
        board = [["."] * n for _ in range(n)]
        for label in "ab":
            for d in range(1, n + 1):
                places = [(y, x) for y in range(n) for x in range(n)
                          if full[y][x] == d and board[y][x] == "."]
                y, x = rng.choice(places)
                board[y][x] = label
        return {"extra": ["".join(row) for row in board]}
    if variant == "parity":
        return {"parity": ["".join(".oe"[2 - full[y][x] % 2] if rng.random() < 0.4 else "."
                                   for x in range(n)) for y in range(n)]}
    return {"cages": cages_of(full, n, rng)}


def rules_of(variant, n, rng):
    if variant == "x":
        return {"diagonals": rng.choice(["both", "both", "main", "anti"])}
    if variant in ("windoku", "disjoint", "centre-dot", "asterisk", "girandola"):
        return {"extra": variant}
    if variant in ("anti-knight", "anti-king", "non-consecutive"):
        return {variant: True}
    raise ValueError(variant)


def applies(variant, n):
    r, c = BOXES.get(n, (0, 0))
    if variant in ("windoku",):
        return r == c and r > 1
    if variant == "centre-dot":
        return r % 2 == 1 and c % 2 == 1
    if variant in ("asterisk", "girandola"):
        return n == 9
    if n not in BOXES:
        return variant == "jigsaw"
    return True


def solve(bt, rec, seed):
    out = subprocess.run([bt, "-q", "-s", str(seed), "-t", "json", "-I", "2000000"],
                         input=json.dumps(rec), capture_output=True, text=True).stdout
    if not out.strip():
        return None
    board = json.loads(out).get("board")
    if not board:
        return None
    if isinstance(board, str):
        symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        board = [[symbols.index(ch) + 1 for ch in board[i * rec["size"]:(i + 1) * rec["size"]]]
                 for i in range(rec["size"])]
    return board


def cages_of(board, n, rng):
    """Cells grouped in twos to fours along rows and columns, each cage
    its sum."""
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    for r in range(n):
        for c in range(n):
            if (r, c) not in free:
                continue
            cage = [(r, c)]
            free.discard((r, c))
            want = rng.choice([1, 2, 2, 3, 3, 4])
            while len(cage) < want:
                nexts = [(y + dy, x + dx) for y, x in cage for dy, dx in ((0, 1), (1, 0), (0, -1))
                         if (y + dy, x + dx) in free]
                if not nexts:
                    break
                cell = rng.choice(nexts)
                # distinct digits only: a cage cannot repeat one
                if any(board[cell[0]][cell[1]] == board[y][x] for y, x in cage):
                    break
                cage.append(cell)
                free.discard(cell)
            cages.append({"cells": ["r%dc%d" % (y + 1, x + 1) for y, x in cage],
                          "sum": sum(board[y][x] for y, x in cage)})
    return cages


def main():
    bt, seed, sizes = sys.argv[1], int(sys.argv[2]), [int(s) for s in sys.argv[3].split(",")]
    variants = sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[4] else KNOWN
    per_kind = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    kinds = sys.argv[6].split(",") if len(sys.argv) > 6 else ["few", "many", "wrong"]
    for variant in variants:
        for n in sizes:
            if not applies(variant, n):
                continue
            for i in range(per_kind):
                rng = random.Random("%d %s %d %d" % (seed, variant, n, i))
                rec = {"size": n, "puzzle": [[0] * n for _ in range(n)]}
                if n in BOXES:
                    rec["box"] = list(BOXES[n])
                if variant in ("jigsaw", "extra", "parity", "killer"):
                    full = solve(bt, rec, rng.randrange(1, 1 << 30)) if n in BOXES else None
                    if n in JIGSAW or full:
                        rec["rules"] = derived(variant, n, full, rng)
                    if variant == "jigsaw":
                        rec.pop("box", None)
                        full = full or solve(bt, rec, rng.randrange(1, 1 << 30))
                else:
                    rec["rules"] = rules_of(variant, n, rng)
                    full = solve(bt, rec, rng.randrange(1, 1 << 30))
                made = {}
                for kind in ("few", "many", "wrong"):
                    puzzle = [[0] * n for _ in range(n)]
                    keep = {"few": 0.2, "many": 0.6}.get(kind, 0) / (4 if variant == "killer" else 1)
                    if full and kind == "wrong":
                        puzzle = [row[:] for row in made["many"]]
                        empty = [(r, c) for r in range(n) for c in range(n) if not puzzle[r][c]]
                        r, c = rng.choice(empty)
                        puzzle[r][c] = rng.choice([d for d in range(1, n + 1) if d != full[r][c]])
                    elif full:
                        for r in range(n):
                            for c in range(n):
                                if rng.random() < keep:
                                    puzzle[r][c] = full[r][c]
                    made[kind] = puzzle
                for kind in kinds:
                    puzzle = made[kind]
                    out = dict(rec, puzzle=puzzle, id="%s-%d-%s-%d" % (variant, n, kind, i))
                    print(json.dumps(out, separators=(",", ":")))


main()
