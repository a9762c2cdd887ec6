#!/usr/bin/env python3
"""Replay the positions of lost games where Tengen went wrong.

gtp-tests/games/losses/positions.tsv lists positions from 9x9 games Tengen
lost to GNU Go 3.8 level 10: the SGF, the move number at which Tengen
erred, the colour, the move it played, GNU Go's choice there (its
`reg_genmove`, usually but not always right; see the note column), a
category (semeai, atari/2-lib, atari direction, self-atari, eye shape,
missed capture) and a note. The mistakes were found by replaying each lost
game through GNU Go's `estimate_score` and taking the Tengen move after
which the estimate dropped most.

For each seed, this loads every position into the engine (`loadsgf FILE
MOVE`), asks `reg_genmove`, and counts how often the answer avoids the move
played in the game and how often it is GNU Go's. It is a diagnostic of the
search's tactics, much cheaper than a match (a few seconds per seed); it
is not a test with a pass mark. Standard library only.

Usage: scripts/losses.py [--engine CMD] [--seeds 1,2,3] [--verbose]
Example: scripts/losses.py --engine "target/release/tengen --playouts 8000"
"""
import argparse
import os

from gtpclient import DEVNULL, Engine, argv_of

HERE = os.path.dirname(os.path.abspath(__file__))
LOSSES = os.path.join(HERE, "..", "gtp-tests", "games", "losses")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen")
                    + " --playouts 8000")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--verbose", action="store_true", help="one line per position and seed")
    args = ap.parse_args()
    rows = []
    with open(os.path.join(LOSSES, "positions.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, move, colour, played, gnugo, category, note = line.rstrip("\n").split("\t")
            rows.append((name, int(move), colour, played, gnugo, category))
    avoided = agreed = total = 0
    by_category = {}
    for seed in args.seeds.split(","):
        engine = Engine(argv_of(args.engine) + ["--seed", seed], stderr=DEVNULL)
        for name, move, colour, played, gnugo, category in rows:
            engine.ask(f"loadsgf {os.path.join(LOSSES, name)} {move}")
            answer = engine.ask(f"reg_genmove {colour}").upper()
            total += 1
            avoided += answer != played
            agreed += answer == gnugo
            a, n = by_category.get(category, (0, 0))
            by_category[category] = (a + (answer != played), n + 1)
            if args.verbose:
                print(f"seed {seed} {name} move {move} {colour}: {answer} "
                      f"(played {played}, GNU Go {gnugo}) {category}")
        engine.close()
    for category, (a, n) in sorted(by_category.items()):
        print(f"{category}: avoided {a} of {n}")
    print(f"{args.engine}, seeds {args.seeds}: avoided the move played in {avoided} of {total}, "
          f"chose GNU Go's move in {agreed} of {total}")


if __name__ == "__main__":
    main()
