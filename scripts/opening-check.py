#!/usr/bin/env python3
"""Where Tengen opens on 19x19: on the empty board and after each of the
first 10 moves of some game records, is its move on the third or fourth
line, or a local answer? A local answer is within a gridcular distance of
5 of the last move (d = dx + dy + max(dx, dy), so a two-space jump or a
large knight's move away), or moves a stone the last move came near: it
is at most a one-space jump (d <= 4) from one of the mover's own stones
that lies within d = 5 of the last move, as when an approached stone
jumps out of a pincer.

Usage:
  scripts/opening-check.py [--engine "CMD"] [--moves 10] FILE.sgf...

The engine (default: target/release/tengen --playouts 20000 --seed 1) gets
`loadsgf FILE N` for N = 1 .. moves + 1 and `genmove` for the side to move
(then `undo`); the empty board comes first. Prints one line per position
and the count of moves that pass. Standard library only.
"""

import argparse
import sys

from gtpclient import Engine

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def coords(vertex):
    vertex = vertex.upper()
    if vertex in ("PASS", "RESIGN"):
        return None
    return LETTERS.index(vertex[0]), int(vertex[1:]) - 1


def line_of(c, size=19):
    return min(c[0], c[1], size - 1 - c[0], size - 1 - c[1]) + 1


def gridcular(a, b):
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + dy + max(dx, dy)


def last_move(engine):
    """The last move of the loaded position and the colour to move next,
    from its SGF."""
    sgf = engine.ask("printsgf").replace("\n", "")
    moves = [part for part in sgf.split(";") if part[:2] in ("B[", "W[")]
    if not moves:
        handicap = "HA[" in sgf and "HA[0]" not in sgf and "HA[1]" not in sgf
        return None, "w" if handicap else "b"
    to_move = "w" if moves[-1][0] == "B" else "b"
    v = moves[-1][2:4]
    if len(v) < 2 or v == "tt" or v[0] == "]":
        return None, to_move
    return (ord(v[0]) - ord("a"), 18 - (ord(v[1]) - ord("a"))), to_move


def own_stones(engine, color):
    """The points of the given colour's stones, read from showboard."""
    mark = "X" if color == "b" else "O"
    stones = []
    for row in engine.ask("showboard").splitlines():
        fields = row.split()
        if len(fields) == 21 and fields[0].isdigit():
            y = int(fields[0]) - 1
            stones += [(x, y) for x, c in enumerate(fields[1:20]) if c == mark]
    return stones


def locality(c, last, own):
    """Why the move is a local answer: "near" (within 5 of the last move),
    "jump" (a one-space jump from an own stone the last move came near), or
    None."""
    if last is None:
        return None
    if gridcular(c, last) <= 5:
        return "near"
    if any(gridcular(s, last) <= 5 and gridcular(c, s) <= 4 for s in own):
        return "jump"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tengen --playouts 20000 --seed 1")
    ap.add_argument("--moves", type=int, default=10)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    engine = Engine(args.engine)
    passed = total = by_distance = 0

    def judge(label, color, last):
        nonlocal passed, total, by_distance
        move = engine.ask("genmove " + color)
        engine.ask("undo")
        c = coords(move)
        ok = False
        why = "pass or resign"
        if c is not None:
            line = line_of(c)
            local = locality(c, last, own_stones(engine, color))
            ok = line in (3, 4) or local is not None
            by_distance += line in (3, 4) or local == "near"
            why = "line %d%s" % (line, {
                "near": ", local answer",
                "jump": ", local answer (jump from an approached stone)",
                None: ""}[local])
        total += 1
        passed += ok
        print("%-28s %s %-4s %s %s" % (label, color, move, "ok  " if ok else "MISS", why))

    engine.ask("boardsize 19")
    engine.ask("clear_board")
    engine.ask("komi 7.5")
    judge("empty board", "b", None)
    for f in args.files:
        for n in range(1, args.moves + 1):
            engine.ask("loadsgf %s %d" % (f, n + 1))
            last, color = last_move(engine)
            judge("%s after %d" % (f.split("/")[-1], n), color, last)
    engine.close_input()
    print("%d of %d moves on the third or fourth line or local" % (passed, total))
    print("%d of %d counting as local only moves within 5 of the last move"
          % (by_distance, total))
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
