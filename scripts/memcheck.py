#!/usr/bin/env python3
"""Check that the engine's memory stays within its node budget.

Usage: scripts/memcheck.py [--engine CMD] [--max-nodes N] [--time S]
                           [--moves M] [--size 19]

Plays M moves of self-play with `genmove` at S seconds a move (long enough
for the search tree to reach its budget) in one engine process started
with --max-nodes N, sampling the process's resident set size (VmRSS in
/proc) every 50 ms. Prints the peak after each move and compares it with
the budget: N nodes of NODE_BYTES each plus SLACK_MB for everything else.
Exits 1 if the peak goes over. Linux only; standard library only.
"""

import argparse
import os
import sys

from gtpclient import DEVNULL, Engine, argv_of

HERE = os.path.dirname(os.path.abspath(__file__))
# Size of one search-tree node (src/mcts/tree.rs), in bytes.
NODE_BYTES = 40
# Allowance for the binary, board copies, thread stacks and allocator slack.
SLACK_MB = 32


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen"))
    parser.add_argument("--max-nodes", type=int, default=4_000_000)
    parser.add_argument("--time", type=float, default=20.0)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--size", type=int, default=19)
    args = parser.parse_args()

    command = argv_of(args.engine) + [
        "--max-nodes", str(args.max_nodes), "--time", str(args.time)]
    engine = Engine(command, stderr=DEVNULL)
    peak_kb = engine.watch_peak_rss()

    engine.ask("boardsize %d" % args.size)
    engine.ask("clear_board")
    budget_mb = args.max_nodes * NODE_BYTES / 2**20 + SLACK_MB
    for i in range(args.moves):
        move = engine.ask("genmove %s" % "bw"[i % 2])
        print("move %d %s: peak RSS %.1f MB" % (i + 1, move, peak_kb[0] / 1024), flush=True)
    engine.ask("quit")
    engine.proc.wait(timeout=10)
    peak_mb = peak_kb[0] / 1024
    print("peak %.1f MB, budget %d nodes x %d B + %d MB = %.1f MB: %s"
          % (peak_mb, args.max_nodes, NODE_BYTES, SLACK_MB, budget_mb,
             "ok" if peak_mb <= budget_mb else "OVER"))
    return 0 if peak_mb <= budget_mb else 1


if __name__ == "__main__":
    sys.exit(main())
