#!/usr/bin/env python3
"""Time the end-of-game judgement on finished games.

For every SGF file under the given directories, starts the engine, loads
the game and times `final_score` under each rule set (status playouts,
local art. 7 searches, seki test, count); prints each file's times and
the median and worst per rule set. Standard library only.

Usage: scripts/judgetime.py [--engine CMD] [--rules japanese,chinese] DIR...
Example: scripts/judgetime.py ../shared/external/gnugo-score/games/scoring
"""
import argparse
import os
import sys
import time

from gtpclient import Engine, GTPError


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=os.path.join(here, "..", "target", "release", "tengen"))
    parser.add_argument("--rules", default="japanese,chinese")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    files = sorted(
        os.path.join(root, f)
        for d in args.dirs
        for root, _, names in os.walk(d)
        for f in names
        if f.endswith(".sgf")
    )
    if not files:
        sys.exit("no SGF files")
    times = {r: [] for r in args.rules.split(",")}
    engine = Engine(args.engine)
    for path in files:
        try:
            engine.ask(f"loadsgf {os.path.abspath(path)}")
        except GTPError:
            print(f"{path}: cannot load, skipped")
            continue
        row = []
        for rules in times:
            engine.ask(f"kgs-rules {rules}")
            start = time.perf_counter()
            try:
                answer = engine.ask("final_score")
            except GTPError as error:  # e.g. no result under Japanese rules
                answer = str(error)
            seconds = time.perf_counter() - start
            times[rules].append((seconds, path))
            row.append(f"{rules} {seconds:.3f} s {answer}")
        print(f"{os.path.basename(path)}: " + ", ".join(row))
    engine.close()
    for rules, ts in times.items():
        ts.sort()
        median = ts[len(ts) // 2][0]
        worst, worst_path = ts[-1]
        print(f"{rules}: {len(ts)} games, median {median:.3f} s, worst {worst:.3f} s ({os.path.basename(worst_path)})")


if __name__ == "__main__":
    main()
