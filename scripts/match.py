#!/usr/bin/env python3
"""Play a match between two GTP engines and record the results.

Usage:
  scripts/match.py --black "CMD" --white "CMD" [--games N] [--size 9]
                   [--komi 7] [--rules chinese] [--alternate]
                   [--referee "CMD"] [--time-settings "M B S"]
                   [--out DIR] [--max-moves N] [--handicap N]

Plays N games (colours swap every other game with --alternate), writes
DIR/game-NNN.sgf and DIR/results.dat with gogui-twogtp's columns
(#GAME RES_B RES_W RES_R ALT DUP LEN TIME_B TIME_W CPU_B CPU_W ERR ERR_MSG;
with --alternate RES_* are from the point of view of the --black program as
gogui-twogtp does), and prints the win rate of the --black program with a
Wilson 95% interval, and the median seconds per move of each program (every
move's time is in DIR/movetimes.dat, to match engines on time used). An illegal move, a crash, a time-out or a protocol error
ends the game with ERR=1 and a loss for the offender. With --handicap N
every program (and the referee) gets `fixed_handicap N` after `komi`, the
program playing Black receiving the stones, and White moves first; the
SGF records HA and AB. Standard library only.
"""

import argparse
import math
import os
import sys
import time

import gtpclient

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class EngineError(Exception):
    pass


class Engine:
    def __init__(self, command, name, timeout):
        self.command = command
        self.name = name
        self.timeout = timeout
        self.gtp = gtpclient.Engine(command, stderr=gtpclient.DEVNULL, timeout=timeout)
        self.commands = set(self.send("list_commands").split())

    def send(self, command, timeout=None):
        """Send a command; return the response body; raise on `?` or death."""
        try:
            r = self.gtp.send(command, timeout or self.timeout)
        except gtpclient.EngineDied as e:
            if e.cause is not None:
                raise EngineError("%s: cannot write: %s" % (self.name, e.cause))
            raise EngineError("%s: terminated during %r" % (self.name, command))
        except gtpclient.EngineTimeout:
            raise EngineError("%s: no answer to %r within %.0f s" % (self.name, command, timeout or self.timeout))
        except gtpclient.ProtocolError as e:
            raise EngineError("%s: bad response to %r (%s)" % (self.name, command, e))
        if not r.ok:
            raise EngineError("%s: %r failed: %s" % (self.name, command, r.text))
        return r.text

    def cpu_time(self):
        if "cputime" in self.commands:
            try:
                return float(self.send("cputime"))
            except (EngineError, ValueError):
                return 0.0
        return 0.0

    def close(self):
        self.gtp.close(timeout=5)


def sgf_point(vertex, size):
    if vertex.lower() == "pass":
        return ""
    col = LETTERS.index(vertex[0].upper())
    row = int(vertex[1:])
    return "abcdefghijklmnopqrstuvwxy"[col] + "abcdefghijklmnopqrstuvwxy"[size - row]


def play_game(number, black, white, referee, args):
    """Play one game; return (result, moves, times, err, err_msg, sgf)."""
    engines = {"B": black, "W": white}
    for e in [black, white] + ([referee] if referee else []):
        e.send("boardsize %d" % args.size)
        e.send("clear_board")
        e.send("komi %s" % args.komi)
        if args.rules and "kgs-rules" in e.commands:
            e.send("kgs-rules %s" % args.rules)
        if args.time_settings and "time_settings" in e.commands and e is not referee:
            e.send("time_settings %s" % args.time_settings)
    stones = []
    if args.handicap:
        for e in [black, white] + ([referee] if referee else []):
            placed = e.send("fixed_handicap %d" % args.handicap).split()
            if stones and sorted(placed) != sorted(stones):
                raise EngineError("%s: handicap stones %s, not %s" % (e.name, placed, stones))
            stones = placed
    moves = []
    times = {"B": 0.0, "W": 0.0}
    move_times = {"B": [], "W": []}
    passes = 0
    to_move = "W" if stones else "B"
    result, err, err_msg = None, 0, ""
    while len(moves) < args.max_moves:
        player = engines[to_move]
        other = engines["W" if to_move == "B" else "B"]
        start = time.time()
        try:
            move = player.send("genmove %s" % to_move.lower())
        except EngineError as e:
            result, err, err_msg = ("W" if to_move == "B" else "B") + "+F", 1, str(e)
            break
        times[to_move] += time.time() - start
        move_times[to_move].append(time.time() - start)
        if move.lower() == "resign":
            result = ("W" if to_move == "B" else "B") + "+R"
            break
        moves.append((to_move, move))
        try:
            other.send("play %s %s" % (to_move.lower(), move))
            if referee:
                referee.send("play %s %s" % (to_move.lower(), move))
        except EngineError as e:
            result, err, err_msg = ("W" if to_move == "B" else "B") + "+F", 1, "illegal move %s %s: %s" % (to_move, move, e)
            break
        passes = passes + 1 if move.lower() == "pass" else 0
        if passes >= 2:
            break
        to_move = "W" if to_move == "B" else "B"
    scores = {}
    if result is None:
        for label, e in (("B", black), ("W", white), ("R", referee)):
            if e is None:
                continue
            try:
                scores[label] = e.send("final_score", timeout=120)
            except EngineError:
                scores[label] = "?"
        if referee:
            result = scores.get("R", "?")
        elif scores.get("B") == scores.get("W"):
            result = scores["B"]
        else:
            result = "?"
        if len(moves) >= args.max_moves:
            err, err_msg = 1, "move limit exceeded"
    else:
        scores = {"B": result, "W": result, "R": result if referee else ""}
    sgf = "(;FF[4]GM[1]CA[UTF-8]AP[tengen-match]SZ[%d]KM[%s]PB[%s]PW[%s]RE[%s]%s%s\n" % (
        args.size, args.komi, black.name, white.name, result,
        "RU[%s]" % args.rules if args.rules else "",
        "HA[%d]AB%s" % (len(stones), "".join("[%s]" % sgf_point(v, args.size) for v in stones))
        if stones else "")
    sgf += "".join(";%s[%s]" % (c, sgf_point(m, args.size)) for c, m in moves) + ")\n"
    return result, scores, len(moves), times, move_times, err, err_msg, sgf


def median(values):
    if not values:
        return float("nan")
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main():
    ap = argparse.ArgumentParser(description="Play a match between two GTP engines.")
    ap.add_argument("--black", required=True)
    ap.add_argument("--white", required=True)
    ap.add_argument("--referee")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7")
    ap.add_argument("--rules", default="chinese")
    ap.add_argument("--alternate", action="store_true")
    ap.add_argument("--time-settings", help='sent as "time_settings M B S"')
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per genmove before forfeit")
    ap.add_argument("--max-moves", type=int, default=1000)
    ap.add_argument("--out", default="match-out")
    ap.add_argument("--handicap", type=int, default=0, help="fixed_handicap stones for Black")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    a = Engine(args.black, "A", args.timeout)
    b = Engine(args.white, "B", args.timeout)
    a.name = (a.send("name") or "A") + "(A)"
    b.name = (b.send("name") or "B") + "(B)"
    referee = Engine(args.referee, "referee", args.timeout) if args.referee else None
    dat = open(os.path.join(args.out, "results.dat"), "w")
    dat.write("# Black: %s\n# BlackCommand: %s\n# White: %s\n# WhiteCommand: %s\n"
              % (a.name, args.black, b.name, args.white))
    dat.write("# Referee: %s\n# Size: %d\n# Komi: %s\n# Handicap: %d\n# Date: %s\n"
              % (args.referee or "-", args.size, args.komi, args.handicap,
                 time.strftime("%Y-%m-%d %H:%M:%S")))
    dat.write("#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n")
    a_wins = decided = errors = 0
    timed = open(os.path.join(args.out, "movetimes.dat"), "w")
    timed.write("#GAME\tPROGRAM\tSECONDS...\n")
    all_times = {"A": [], "B": []}
    for g in range(args.games):
        swap = args.alternate and g % 2 == 1
        black, white = (b, a) if swap else (a, b)
        try:
            result, scores, length, times, move_times, err, err_msg, sgf = play_game(g, black, white, referee, args)
        except EngineError as e:
            print("game %d: setup failed: %s" % (g, e), file=sys.stderr)
            errors += 1
            break
        with open(os.path.join(args.out, "game-%03d.sgf" % g), "w") as f:
            f.write(sgf)

        def view(r):
            # Results from the point of view of program A as Black.
            if swap and r and r[0] in "BW":
                return ("W" if r[0] == "B" else "B") + r[1:]
            return r

        winner = result[0] if result and result[0] in "BW" else None
        if winner:
            decided += 1
            if (winner == "B") != swap:
                a_wins += 1
        errors += err
        cpu_a, cpu_b = black.cpu_time(), white.cpu_time()
        dat.write("%d\t%s\t%s\t%s\t%d\t-\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%s\n" % (
            g, view(scores.get("B", result)), view(scores.get("W", result)),
            view(scores.get("R", "")), int(swap), length, times["B"], times["W"],
            cpu_a, cpu_b, err, err_msg))
        dat.flush()
        for program, colour in (("A", "W" if swap else "B"), ("B", "B" if swap else "W")):
            all_times[program] += move_times[colour]
            timed.write("%d\t%s\t%s\n" % (g, program, " ".join("%.3f" % t for t in move_times[colour])))
        timed.flush()
        verdict = "undecided" if not winner else ("A wins" if (winner == "B") != swap else "B wins")
        print("game %d: %s (A %s) %s, %d moves%s" % (
            g, result, "white" if swap else "black", verdict,
            length, ", ERROR " + err_msg if err else ""), flush=True)
    low, high = wilson(a_wins, decided)
    print("A (%s) won %d of %d decided games: %.1f%% (95%% CI %.1f%%-%.1f%%); errors: %d"
          % (args.black, a_wins, decided, 100.0 * a_wins / max(1, decided), 100 * low, 100 * high, errors))
    print("median seconds per move: A %.3f, B %.3f"
          % (median(all_times["A"]), median(all_times["B"])))
    for e in [a, b] + ([referee] if referee else []):
        e.close()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
