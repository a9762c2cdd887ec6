#!/usr/bin/env python3
"""Check that an engine never exceeds its clock.

Usage: scripts/timecheck.py [--engine CMD] [--games N] [--size 9]
                            [--time-settings "M B S"] [--kgs "byoyomi M T P"]

Plays N self-play games in one engine process with the given time settings,
tracks each side's clock as a controller would (Canadian byo-yomi per GTP
`time_settings`, or KGS Japanese byo-yomi with --kgs), sends `time_left`
before every `genmove`, and measures every `genmove` wall time against the
time then available. Prints the worst margin and the number of time losses.
Standard library only.
"""

import argparse
import os
import sys
import time

from gtpclient import DEVNULL, Engine

HERE = os.path.dirname(os.path.abspath(__file__))


class Clock:
    """One player's clock: main time, then periods (Canadian or Japanese)."""

    def __init__(self, main, period, stones, japanese):
        self.main, self.period, self.stones, self.japanese = main, period, stones, japanese
        self.left = main
        self.in_overtime = main <= 0
        self.periods = stones if japanese else 0
        self.stones_left = stones
        if self.in_overtime:
            self.left = period

    def available(self):
        """Seconds the next move may take without losing on time."""
        if not self.in_overtime:
            return self.left + (self.period * (self.stones if self.japanese else 1) if self.period else 0)
        if self.japanese:
            return self.left + self.period * (self.periods - 1)
        return self.left

    def gtp_left(self):
        if not self.in_overtime:
            return self.left, 0
        return self.left, (self.periods if self.japanese else self.stones_left)

    def spend(self, seconds):
        """Charge a move; returns False on a time loss."""
        if not self.in_overtime:
            if seconds <= self.left:
                self.left -= seconds
                return True
            seconds -= self.left
            self.in_overtime = True
            self.left = self.period
            self.stones_left = self.stones
        if self.japanese:
            while seconds > self.left and self.periods > 0:
                seconds -= self.left
                self.periods -= 1
                self.left = self.period
            if self.periods <= 0:
                return False
            self.left = self.period
            return True
        if seconds > self.left:
            return False
        self.left -= seconds
        self.stones_left -= 1
        if self.stones_left == 0:
            self.left, self.stones_left = self.period, self.stones
        return True


def main():
    ap = argparse.ArgumentParser(description="Check that an engine never exceeds its clock.")
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "release", "tengen"))
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--time-settings", default="0 1 1", help="GTP time_settings M B S")
    ap.add_argument("--kgs", help='KGS settings instead, e.g. "byoyomi 0 1 3"')
    ap.add_argument("--max-moves", type=int, default=400)
    args = ap.parse_args()
    engine = Engine(args.engine, stderr=DEVNULL)
    worst, moves, losses = None, 0, 0
    for game in range(args.games):
        engine.ask("boardsize %d" % args.size)
        engine.ask("clear_board")
        if args.kgs:
            parts = args.kgs.split()
            engine.ask("kgs-time_settings " + args.kgs)
            main_t, period, stones = (float(x) for x in parts[1:4])
            japanese = parts[0] == "byoyomi"
        else:
            engine.ask("time_settings " + args.time_settings)
            main_t, period, stones = (float(x) for x in args.time_settings.split())
            japanese = False
        clocks = {c: Clock(main_t, period, int(stones), japanese) for c in "bw"}
        color, passes = "b", 0
        for _ in range(args.max_moves):
            clock = clocks[color]
            seconds, stones_left = clock.gtp_left()
            engine.ask("time_left %s %.3f %d" % (color, seconds, stones_left))
            available = clock.available()
            start = time.monotonic()
            move = engine.ask("genmove " + color)
            used = time.monotonic() - start
            moves += 1
            margin = available - used
            worst = margin if worst is None else min(worst, margin)
            if not clock.spend(used):
                losses += 1
                print("game %d: %s lost on time: %.3f s used, %.3f s available" % (game, color, used, available))
                break
            if move.lower() == "resign":
                break
            passes = passes + 1 if move.lower() == "pass" else 0
            if passes >= 2:
                break
            color = "w" if color == "b" else "b"
        print("game %d done, %d moves so far, worst margin %.3f s" % (game, moves, worst), flush=True)
    engine.close()
    print("%d genmoves, worst margin %.3f s, time losses %d" % (moves, worst, losses))
    return 1 if losses else 0


if __name__ == "__main__":
    sys.exit(main())
