#!/usr/bin/env python3
"""Where a player's games were lost: replay each game record, evaluate
every position with Tengen and (optionally) a second engine, and name the
player's move after which its win rate fell for good.

Usage:
  scripts/turning-points.py [--player Tengen] [--engine "CMD"]
                            [--judge "CMD"] [--all] [--tsv FILE]
                            [--reread FILE] [--low P] [--boards]
                            FILE.sgf|DIR...

DIR stands for its game-*.sgf files (a scripts/match.py output folder).
The player is the one whose PB/PW contains --player; a game it did not
lose is skipped unless --all. The positions before every move and after
the last are evaluated from the player's point of view:

- by --engine (default: target/release/tengen --playouts 10000 --seed 1),
  a Tengen, with `tengen-best_moves` (its best move and win rate);
- by --judge, any engine with `lz-genmove_analyze` and `undo` (Pachi:
  "pachi -t =5000 threads=1"): the best move and its win rate, the move
  taken back at once.

The judge's series decides (the engine's without a judge). The game
fell for good at the first position from which the player's win rate,
read as the median of its value and its neighbours' (so that one stray
evaluation does not count), stays below --low (default 0.3; the 0.5
line when it never stays that low); the stretch where it fell starts at
the last position before that where it was 0.5 or more, and ends with
the move from there. The turning move is the player's move in that
stretch with the largest drop over two plies (its own move and the
answer: an answer often shows what the move missed). The line printed
for it gives the move played, both evaluators' best moves and win rates
before it and two plies later (the engine's saying whether Tengen saw
the fall), and the position where it fell for good. With --boards the
position before the turning move is printed (`showboard`). --tsv writes
every evaluation (game, move number, colour to move, move played,
engine best, engine win rate, judge best, judge win rate; win rates the
player's), one line per position; --reread TSV takes them from such a
file instead of the engines (only `showboard` is asked then).
Standard library only.

Example (21 lost 9x9 games against Pachi, about 1,300 positions: some 15
minutes on one core):
  scripts/turning-points.py --engine "target/release/tengen --playouts 6000 --seed 1" \
      --judge "pachi -t =6000 threads=1" --tsv turns.tsv --boards match-dir
"""

import argparse
import os
import re
import sys

from gtpclient import DEVNULL, Engine

HERE = os.path.dirname(os.path.abspath(__file__))
PROP_RE = re.compile(r"([A-Z]+)((?:\[(?:[^\]\\]|\\.)*\]\s*)+)")
VALUE_RE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]")
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
TEXT_RE = re.compile(r"TEXT (Black|White) to move: (\S+) wins ([\d.]+)%")


def parse_sgf(text):
    """The root properties and the main line's moves [(colour, vertex)] of
    a simple SGF (one variation, as scripts/match.py writes)."""
    root, moves = {}, []
    for i, node in enumerate(text.split(";")[1:]):
        for name, values in PROP_RE.findall(node):
            vals = VALUE_RE.findall(values)
            if i == 0:
                root[name] = vals
            if name in ("B", "W"):
                moves.append((name, vals[0]))
    return root, moves


def vertex(point, size):
    """SGF point (`ee`, or empty for a pass) as a GTP vertex."""
    if len(point) != 2 or ord(point[0]) - 97 >= size or ord(point[1]) - 97 >= size:
        return "pass"
    return "%s%d" % (LETTERS[ord(point[0]) - 97], size - (ord(point[1]) - 97))


def records(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.startswith("game-") and name.endswith(".sgf"):
                    yield os.path.join(path, name)
        else:
            yield path


def setup(engine, size, komi, rules):
    engine.ask("boardsize %d" % size)
    engine.ask("clear_board")
    engine.ask("komi %s" % komi)
    engine.send("kgs-rules %s" % rules)


def engine_eval(engine):
    """(best move, win rate of the side to move) by `tengen-best_moves`."""
    text = engine.ask("tengen-best_moves")
    m = TEXT_RE.search(text)
    if not m:
        return "pass", 0.5
    return m.group(2), float(m.group(3)) / 100


def judge_eval(judge, colour):
    """(best move, win rate of the side to move) by `lz-genmove_analyze`,
    the move taken back."""
    text = judge.ask("lz-genmove_analyze %s 100000" % colour.lower())
    best, rate = None, None
    infos = [s for s in re.split(r"\binfo\b", text) if s.strip()]
    for info in infos:
        m = re.search(r"move (\S+) .*?winrate (\d+)", info)
        if m and best is None:
            best, rate = m.group(1), int(m.group(2)) / 10000
    played = re.search(r"play (\S+)", text)
    played = played.group(1) if played else "pass"
    if played.lower() != "resign":
        judge.ask("undo")
    if best is None:
        best = played
        rate = 0.0 if played.lower() == "resign" else 0.5
    return best, rate


def evaluate(moves, size, player, engine, judge):
    """Per position (before each move, then after the last): (colour to
    move, move played, engine's best, engine's win rate, judge's best,
    judge's win rate), win rates the player's."""
    rows = []
    for k in range(len(moves) + 1):
        if k < len(moves):
            colour, played = moves[k][0], vertex(moves[k][1], size)
        else:
            colour, played = ("W" if moves and moves[-1][0] == "B" else "B"), "-"
        own = colour == player
        e_best, e_rate = engine_eval(engine)
        e_rate = e_rate if own else 1 - e_rate
        j_best, j_rate = None, None
        if judge:
            j_best, j_rate = judge_eval(judge, colour)
            j_rate = j_rate if own else 1 - j_rate
        rows.append((colour, played, e_best, e_rate, j_best, j_rate))
        if k < len(moves):
            for e in (engine, judge):
                if e:
                    e.ask("play %s %s" % (colour.lower(), played))
    return rows


def turning_point(rows, player, low):
    """(index of the turning move, index of the position where the game
    fell for good), or (None, None) when it never fell."""
    judged = all(r[5] is not None for r in rows)
    series = [r[5] if judged else r[3] for r in rows]
    n = len(series)
    # Where it fell is read on the median of each value and its two
    # neighbours, so that one stray evaluation does not move it.
    windows = [sorted(series[max(0, i - 1):i + 2]) for i in range(n)]
    smooth = [w[(len(w) - 1) // 2] for w in windows]
    fell = n
    while fell > 0 and smooth[fell - 1] < low:
        fell -= 1
    if fell == n:
        # Never clearly lost: where it last went below 0.5.
        while fell > 0 and smooth[fell - 1] < 0.5:
            fell -= 1
    if fell in (0, n):
        return None, None
    start = max((i for i in range(fell) if series[i] >= 0.5), default=0)
    best, turn = None, None
    for k in range(start, min(fell + 1, n - 1)):
        if rows[k][0] != player:
            continue
        drop = series[k] - min(series[k + 1:k + 3])
        if best is None or drop > best:
            best, turn = drop, k
    return turn, fell


def read_tsv(path):
    """The rows of a --tsv file, per game."""
    games = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            g, _, colour, played, e_best, e_rate, j_best, j_rate = line.rstrip("\n").split("\t")
            games.setdefault(g, []).append((
                colour, played, e_best, float(e_rate),
                None if j_best == "-" else j_best, None if j_rate == "-" else float(j_rate)))
    return games


def analyse(path, args, engine, judge, cached):
    with open(path) as f:
        root, moves = parse_sgf(f.read())
    size = int(root.get("SZ", ["19"])[0])
    komi = root.get("KM", ["7"])[0]
    result = root.get("RE", [""])[0]
    pb, pw = root.get("PB", [""])[0], root.get("PW", [""])[0]
    if args.player.lower() in pb.lower():
        player = "B"
    elif args.player.lower() in pw.lower():
        player = "W"
    else:
        print("%s: no player %r" % (path, args.player), file=sys.stderr)
        return None
    lost = result[:1] in "BW" and result[:1] != player
    if not lost and not args.all:
        return None
    rules = (root.get("RU", ["chinese"])[0] or "chinese").lower()
    if cached is None:
        for e in (engine, judge):
            if e:
                setup(e, size, komi, rules)
    if cached is not None:
        rows = cached.get(os.path.basename(path))
        if rows is None:
            print("%s: not in the --reread file" % path, file=sys.stderr)
            return None
    else:
        rows = evaluate(moves, size, player, engine, judge)
    turn, fell = turning_point(rows, player, args.low)
    board = None
    if args.boards and turn is not None:
        setup(engine, size, komi, rules)
        for colour, point in moves[:turn]:
            engine.ask("play %s %s" % (colour.lower(), vertex(point, size)))
        board = engine.ask("showboard")
    return {
        "path": path, "player": player, "result": result, "lost": lost,
        "rows": rows, "turn": turn, "fell": fell, "board": board,
    }


def fmt_rate(v):
    return "  -  " if v is None else "%.3f" % v


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--player", default="Tengen")
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen")
                    + " --playouts 10000 --seed 1")
    ap.add_argument("--judge")
    ap.add_argument("--all", action="store_true", help="games the player won too")
    ap.add_argument("--tsv")
    ap.add_argument("--boards", action="store_true")
    ap.add_argument("--reread", help="a --tsv file to take the evaluations from")
    ap.add_argument("--low", type=float, default=0.3)
    args = ap.parse_args()
    cached = read_tsv(args.reread) if args.reread else None
    engine = Engine(args.engine, "engine", stderr=DEVNULL, timeout=600)
    judge = None
    if args.judge and cached is None:
        judge = Engine(args.judge, "judge", stderr=DEVNULL, timeout=600)
    tsv = open(args.tsv, "w") if args.tsv else None
    if tsv:
        tsv.write("#game\tmove\tto_move\tplayed\tengine_best\tengine_rate\tjudge_best\tjudge_rate\n")
    print("game\tcolour\tresult\tmove\tplayed\tengine best, before -> 2 plies on\t"
          "judge best, before -> 2 plies on\tfell for good at")
    for path in records(args.paths):
        a = analyse(path, args, engine, judge, cached)
        if a is None:
            continue
        name = os.path.basename(path)
        rows = a["rows"]
        if tsv:
            for k, r in enumerate(rows):
                tsv.write("%s\t%d\t%s\t%s\t%s\t%.3f\t%s\t%s\n" % (
                    name, k + 1, r[0], r[1], r[2], r[3], r[4] or "-", fmt_rate(r[5]).strip()))
            tsv.flush()
        k = a["turn"]
        if k is None:
            print("%s\t%s\t%s\tnever fell" % (name, a["player"], a["result"]))
            continue
        before, after = rows[k], rows[min(k + 2, len(rows) - 1)]
        print("%s\t%s\t%s\t%d\t%s\t%s %s->%s\t%s %s->%s\tmove %d" % (
            name, a["player"], a["result"], k + 1, before[1],
            before[2], fmt_rate(before[3]), fmt_rate(after[3]),
            before[4] or "-", fmt_rate(before[5]), fmt_rate(after[5]), a["fell"] + 1), flush=True)
        if a["board"]:
            print(a["board"])
    engine.close()
    if judge:
        judge.close()


if __name__ == "__main__":
    main()
