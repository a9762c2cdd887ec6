#!/usr/bin/env python3
"""Pondering over one game: answer latency, CPU between moves, memory.

Usage: scripts/pondercheck.py [--engine CMD] [--time S] [--think S]
                              [--max-nodes N] [--size 9] [--moves M]
                              [--opponent CMD]

Plays a game, the engine (started with --ponder --time S --max-nodes N)
as Black against --opponent (default GNU Go 3.8 level 1) as White. After
each `genmove` of the engine it:
  - sends `name` at once (pondering has just started) and times the answer;
  - waits S_think seconds (the opponent "thinking"), reading the engine's
    CPU time (utime + stime in /proc/PID/stat) before and after;
  - sends `name` again and times it;
  - then asks the opponent for its move and `play`s it to the engine.
The engine's resident set size (VmRSS) is sampled every 50 ms. Prints the
median and worst latency of `name` (both kinds), the CPU share of one core
used while waiting, and the peak RSS against the budget N x NODE_BYTES +
SLACK_MB (as scripts/memcheck.py). Exits 1 when the worst latency is over
LIMIT_S or the peak over the budget. Linux only; standard library only.
"""

import argparse
import os
import sys
import time

from gtpclient import DEVNULL, Engine, argv_of

HERE = os.path.dirname(os.path.abspath(__file__))
# Size of one search-tree node (src/mcts/tree.rs), in bytes.
NODE_BYTES = 40
# Allowance for the binary, board copies, thread stacks and allocator slack.
SLACK_MB = 32
# The most a simple command may wait for its answer while pondering.
LIMIT_S = 0.05


def cpu_seconds(pid):
    """utime + stime of the process, in seconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[0] is the state (field 3); utime and stime are fields 14, 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def median(values):
    v = sorted(values)
    n = len(v)
    return float("nan") if n == 0 else (v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen"))
    parser.add_argument("--opponent", default="/usr/games/gnugo --mode gtp --level 1")
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--max-nodes", type=int, default=1_000_000)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()

    command = argv_of(args.engine) + [
        "--ponder", "--time", str(args.time), "--max-nodes", str(args.max_nodes)]
    engine = Engine(command, stderr=DEVNULL)
    opponent = Engine(args.opponent, stderr=DEVNULL)
    peak_kb = engine.watch_peak_rss()
    for e in (engine, opponent):
        e.ask("boardsize %d" % args.size)
        e.ask("clear_board")
        e.ask("komi 7")
    at_once, after_wait, shares, idle = [], [], [], []
    passes = 0
    for _ in range(args.moves):
        move = engine.ask("genmove b")
        if move.lower() == "resign":
            break
        r = engine.send("name")
        at_once.append(r.seconds)
        before, start = cpu_seconds(engine.proc.pid), time.monotonic()
        time.sleep(args.think)
        shares.append((cpu_seconds(engine.proc.pid) - before) / (time.monotonic() - start))
        if shares[-1] < 0.5:
            idle.append("%d %s" % (len(shares), move))
        r = engine.send("name")
        after_wait.append(r.seconds)
        opponent.ask("play b %s" % move)
        passes = passes + 1 if move.lower() == "pass" else 0
        reply = opponent.ask("genmove w")
        if reply.lower() == "resign":
            break
        engine.ask("play w %s" % reply)
        passes = passes + 1 if reply.lower() == "pass" else 0
        if passes >= 2:
            break
    engine.ask("quit")
    status = engine.proc.wait(timeout=10)
    opponent.close()
    worst = max(at_once + after_wait)
    budget_mb = args.max_nodes * NODE_BYTES / 2**20 + SLACK_MB
    peak_mb = peak_kb[0] / 1024
    print("%d moves of the engine" % len(at_once))
    print("latency of `name` just after genmove: median %.1f ms, worst %.1f ms"
          % (1000 * median(at_once), 1000 * max(at_once)))
    print("latency of `name` after %.1f s of pondering: median %.1f ms, worst %.1f ms"
          % (args.think, 1000 * median(after_wait), 1000 * max(after_wait)))
    print("CPU while waiting for the opponent: median %.0f%%, lowest %.0f%% of one core"
          % (100 * median(shares), 100 * min(shares)))
    print("engine moves followed by less than half a core: %s" % (", ".join(idle) or "none"))
    print("peak RSS %.1f MB, budget %d nodes x %d B + %d MB = %.1f MB: %s"
          % (peak_mb, args.max_nodes, NODE_BYTES, SLACK_MB, budget_mb,
             "ok" if peak_mb <= budget_mb else "OVER"))
    print("exit status after quit: %d" % status)
    return 0 if worst <= LIMIT_S and peak_mb <= budget_mb and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
