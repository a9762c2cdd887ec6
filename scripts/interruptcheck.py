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
import subprocess
import sys
import time

LIMIT = 0.2


def main():
    engine = subprocess.Popen(
        [sys.argv[1], "--time", "30"] + sys.argv[2:],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, bufsize=0)

    def send(line):
        engine.stdin.write((line + "\n").encode())
        engine.stdin.flush()

    def read():
        lines = []
        while True:
            line = engine.stdout.readline().decode()
            if not line:
                raise SystemExit("engine closed its output")
            if line == "\n" and lines:
                return "".join(lines).strip()
            lines.append(line)

    send("gogui-interrupt")
    read()
    worst = 0.0
    for size in (9, 19):
        send("boardsize %d" % size)
        read()
        for _ in range(5):
            send("clear_board")
            read()
            send("genmove b")
            time.sleep(1.0)
            start = time.time()
            send("# interrupt")
            answer = read()
            delay = time.time() - start
            worst = max(worst, delay)
            print("%dx%d: %s after %.4f s" % (size, size, answer, delay))
    send("quit")
    engine.wait(timeout=5)
    print("worst %.4f s (limit %.1f s)" % (worst, LIMIT))
    return 0 if worst <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
