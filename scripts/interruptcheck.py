#!/usr/bin/env python3
"""How fast GoGui's interrupt stops a long genmove.

Usage: scripts/interruptcheck.py ENGINE [ENGINE ARGS...]

Starts the engine with --time 30, announces `gogui-interrupt` as GoGui
does, then five times on 9x9 and on 19x19 clears the board, sends
`genmove b`, waits one second and writes the raw line `# interrupt`,
timing the answer (each round starts from the empty board: a second
`genmove b` in a row could be answered at once, timing nothing). Prints
each delay and the worst; exits 1 if the worst is above 0.2 s.
"""
import sys
import time

from gtpclient import DEVNULL, Engine, GTPError

LIMIT = 0.2


def main():
    engine = Engine([sys.argv[1], "--time", "30"] + sys.argv[2:], stderr=DEVNULL)

    def read():
        try:
            return engine.read_full().raw
        except GTPError:
            raise SystemExit("engine closed its output")

    engine.write("gogui-interrupt")
    read()
    worst = 0.0
    for size in (9, 19):
        engine.write("boardsize %d" % size)
        read()
        for _ in range(5):
            engine.write("clear_board")
            read()
            engine.write("genmove b")
            time.sleep(1.0)
            start = time.time()
            engine.write("# interrupt")
            answer = read()
            delay = time.time() - start
            worst = max(worst, delay)
            print("%dx%d: %s after %.4f s" % (size, size, answer, delay))
    engine.write("quit")
    engine.proc.wait(timeout=5)
    print("worst %.4f s (limit %.1f s)" % (worst, LIMIT))
    return 0 if worst <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
