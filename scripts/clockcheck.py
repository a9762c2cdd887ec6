#!/usr/bin/env python3
"""Play Tengen against GNU Go under each clock a server offers, sending
`time_left` before every `genmove` as kgsGtp and gtp2ogs do, and report
the longest `genmove` per system.

Usage: scripts/clockcheck.py [--engine CMD] [--gnugo CMD] [--size 9]
                             [--games 2] [--system "byoyomi 0 1 5" ...]

Each system is given in `kata-time_settings` words (none, absolute M,
byoyomi M T P, canadian M T S, fischer M I, fischer-capped M I CAP MAX).
Tengen gets the settings with `kata-time_settings`; the script keeps its
clock as a server would (main time, then Japanese periods or Canadian
stones; Fischer adds the increment after each move), sends
`time_left COLOR SECONDS STONES` before each of its moves (STONES: 0 in
main time, the periods left under byo-yomi, the stones left under
Canadian), charges it the wall time of each `genmove` and counts losses
on time. GNU Go plays without a clock. Colours alternate between games;
with --handicap N GNU Go takes N stones and Tengen plays White.

Per system it prints the number of Tengen moves, the longest genmove,
the least time that was left on the clock after a move (in main time or
in the period), losses on time, and the moves Tengen played after a pass
of GNU Go that did not end the game. Standard library only.
"""

import argparse
import os
import sys
import time

from gtpclient import DEVNULL, Engine

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SYSTEMS = ["byoyomi 0 1 5", "canadian 0 1 1", "canadian 10 5 5", "fischer 2 0.5", "absolute 30"]


class ServerClock:
    """One player's clock as the server keeps it."""

    def __init__(self, words):
        self.kind = words[0]
        nums = [float(x) for x in words[1:]]
        self.main = nums[0] if nums else 0.0
        self.period = nums[1] if self.kind in ("byoyomi", "canadian") else 0.0
        self.count = int(nums[2]) if self.kind in ("byoyomi", "canadian") else 0
        self.increment = nums[1] if self.kind.startswith("fischer") else 0.0
        self.cap = nums[2] if self.kind == "fischer-capped" and nums[2] >= 0 else None
        self.seconds = self.main
        self.stones = 0
        self.overtime = False
        if self.kind in ("byoyomi", "canadian") and self.main <= 0:
            self.enter_overtime()

    def enter_overtime(self):
        self.overtime = True
        self.seconds = self.period
        self.stones = self.count

    def time_left(self):
        return self.seconds, (self.stones if self.overtime else 0)

    def available(self):
        """Seconds the next move may take without a loss on time (or, in
        byo-yomi, without losing a period)."""
        if self.kind in ("byoyomi", "canadian") and not self.overtime:
            return self.seconds + self.period
        return self.seconds

    def charge(self, t):
        """Charges a move of t seconds; False on a loss on time."""
        if self.kind == "none":
            return True
        if not self.overtime:
            if self.kind.startswith("fischer"):
                self.seconds -= t
                if self.seconds < 0:
                    return False
                self.seconds += self.increment
                if self.cap is not None:
                    self.seconds = min(self.seconds, self.cap)
                return True
            if t <= self.seconds:
                self.seconds -= t
                return True
            if self.kind == "absolute":
                return False
            t -= self.seconds
            self.enter_overtime()
        if self.kind == "canadian":
            self.seconds -= t
            if self.seconds < 0:
                return False
            self.stones -= 1
            if self.stones == 0:
                self.enter_overtime()
            return True
        while t > self.period:
            t -= self.period
            self.stones -= 1
            if self.stones <= 0:
                return False
        self.seconds = self.period
        return True


def play_game(tengen, gnugo, system, args, tengen_color, stats):
    for engine in (tengen, gnugo):
        engine.ask("boardsize %d" % args.size)
        engine.ask("clear_board")
        engine.ask("komi %g" % args.komi)
        if args.handicap:
            engine.ask("fixed_handicap %d" % args.handicap)
    tengen.ask("kata-time_settings " + system)
    clock = ServerClock(system.split())
    color, passes, moves = ("w" if args.handicap else "b"), 0, 0
    max_moves = args.max_moves
    while moves < max_moves:
        if color == tengen_color:
            seconds, stones = clock.time_left()
            tengen.ask("time_left %s %.3f %d" % (color, seconds, stones))
            available = clock.available()
            start = time.monotonic()
            move = tengen.ask("genmove " + color)
            used = time.monotonic() - start
            stats["moves"] += 1
            stats["longest"] = max(stats["longest"], used)
            if not clock.charge(used):
                stats["losses"] += 1
                print("  %s lost on time: %.3f s used, %.3f s available" % (system, used, available))
                return "loss on time"
            stats["least_left"] = min(stats["least_left"], available - used)
            if move.lower() == "resign":
                return "Tengen resigned"
            if passes == 1 and move.lower() != "pass":
                stats["after_pass"] += 1
            if move.lower() != "pass":
                gnugo.ask("play %s %s" % (color, move))
        else:
            move = gnugo.ask("genmove " + color)
            if move.lower() == "resign":
                return "GNU Go resigned"
            tengen.ask("play %s %s" % (color, move))
        passes = passes + 1 if move.lower() == "pass" else 0
        moves += 1
        if passes >= 2:
            return tengen.ask("final_score")
        color = "w" if color == "b" else "b"
    return "unfinished after %d moves" % moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen") + " --rules chinese")
    ap.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --level 10 --chinese-rules")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=2, help="games per system (colours alternate)")
    ap.add_argument("--system", action="append", help="kata-time_settings words; repeatable")
    ap.add_argument("--max-moves", type=int, default=300)
    ap.add_argument("--komi", type=float, default=7.0)
    ap.add_argument("--sgf-dir", help="write each game (Tengen's printsgf) here")
    ap.add_argument("--handicap", type=int, default=0,
                    help="GNU Go takes this many fixed handicap stones; Tengen plays White")
    args = ap.parse_args()
    systems = args.system or DEFAULT_SYSTEMS
    tengen = Engine(args.engine, name="tengen", stderr=DEVNULL, timeout=600)
    gnugo = Engine(args.gnugo, name="gnugo", stderr=DEVNULL, timeout=600)
    failed = 0
    print("%-22s %6s %12s %14s %7s %10s" % ("system", "moves", "longest (s)", "least left (s)", "losses", "after pass"))
    for system in systems:
        stats = {"moves": 0, "longest": 0.0, "least_left": float("inf"), "losses": 0, "after_pass": 0}
        results = []
        for game in range(args.games):
            color = "w" if args.handicap or game % 2 else "b"
            results.append("%s %s" % (color, play_game(tengen, gnugo, system, args, color, stats)))
            if args.sgf_dir:
                os.makedirs(args.sgf_dir, exist_ok=True)
                name = "%s-%d.sgf" % (system.replace(" ", "_"), game)
                with open(os.path.join(args.sgf_dir, name), "w") as f:
                    f.write(tengen.ask("printsgf") + "\n")
        failed += stats["losses"]
        print("%-22s %6d %12.3f %14.3f %7d %10d   %s" % (
            system, stats["moves"], stats["longest"], stats["least_left"], stats["losses"],
            stats["after_pass"], "; ".join(results)), flush=True)
    tengen.close()
    gnugo.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
