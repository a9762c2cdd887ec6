#!/usr/bin/env python3
"""Run gogui-regress style .tst files against a GTP engine binary.

Usage: scripts/regress.py [--engine "CMD"] [--verbose] FILE_OR_DIR...

Each .tst file gets a fresh engine process started in the file's folder
(as gogui-regress does). Numbered command lines are tests; `#? [regex]`
gives the expected body (whole-body match, MULTILINE|DOTALL), `[!regex]`
negates, a trailing `*` marks a known failure; a `?` answer always fails.
Prints one line per unexpected result as file:line and a final
"N passed, M failed" line; exits 1 if anything failed unexpectedly.
Standard library only.
"""

import argparse
import os
import re
import sys

from gtpclient import DEVNULL, Engine, GTPError

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ENGINE = os.path.join(HERE, "..", "target", "release", "tengen") + " --seed 1 --playouts 1000"


def parse_expectation(text):
    text = text.strip()
    known_failure = text.endswith("*")
    text = text.rstrip("*").rstrip()
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError("pattern has no closing bracket: " + text)
    inner = text[1:-1]
    negated = inner.startswith("!")
    if negated:
        inner = inner[1:]
    return re.compile(inner, re.MULTILINE | re.DOTALL), negated, known_failure, text


def run_file(path, engine, verbose, tally):
    folder = os.path.dirname(os.path.abspath(path)) or "."
    gtp = Engine(engine, cwd=folder, stderr=DEVNULL)
    pending = None

    def finish(expect):
        nonlocal pending
        line_no, command, ok, body = pending
        pending = None
        where = "%s:%d" % (path, line_no)
        if expect is None:
            passed, known, wanted = ok, False, "success"
        else:
            regex, negated, known, wanted = expect
            passed = ok and (regex.fullmatch(body) is not None) != negated
        if passed and not known:
            tally["passed"] += 1
        elif not passed and known:
            tally["known"] += 1
        elif passed and known:
            print("unexpected PASS %s" % where)
            tally["passed"] += 1
        else:
            tally["failed"] += 1
            print("FAIL %s: `%s` answered %s%r, expected %s"
                  % (where, command, "= " if ok else "? ", body, wanted))

    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        for index, raw in enumerate(lines, 1):
            line = raw.replace("\t", " ").strip()
            if not line:
                continue
            if line.startswith("#?"):
                if pending is None:
                    print("ERROR %s:%d: #? without a test" % (path, index))
                    tally["failed"] += 1
                    continue
                finish(parse_expectation(line[2:]))
                continue
            if line.startswith("#"):
                continue
            if pending is not None:
                finish(None)
            response = gtp.send(line)
            ok, body = response.ok, response.text
            if verbose:
                print("%s:%d %s -> %s" % (path, index, line, response.raw))
            first = line.split(" ", 1)[0]
            if first.isdigit():
                pending = (index, line, ok, body)
            elif not ok:
                print("ERROR %s:%d: setup `%s` failed: %s" % (path, index, line, body))
                tally["failed"] += 1
        if pending is not None:
            finish(None)
    except GTPError as e:
        print("ERROR %s: engine died: %s" % (path, e))
        tally["failed"] += 1
    finally:
        gtp.close_input(timeout=60)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default=DEFAULT_ENGINE, help="engine command line")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in names if n.endswith(".tst")]
        else:
            files.append(p)
    tally = {"passed": 0, "failed": 0, "known": 0}
    for path in sorted(files):
        run_file(path, args.engine, args.verbose, tally)
    print("files: %d; known failures: %d" % (len(files), tally["known"]))
    print("%d passed, %d failed" % (tally["passed"], tally["failed"]))
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
