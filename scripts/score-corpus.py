#!/usr/bin/env python3
"""Scores the recorded-games corpus with `tengen score` and prints, per
collection, how often the count equals the recorded result, beside GNU Go
3.8's figures on the same games.

Usage:
  scripts/score-corpus.py [--corpus TARBALL|none] [--every N] [--gnugo]
                          [--gnugo-every N] [--threads N] [--extra DIR]...

--corpus   the tarball (default: ../shared/corpora/scoring-dev.tar.gz
           beside the project); unpacked into a temporary folder, never
           into the project; `none` scores only the --extra collections.
--every    score every N-th game of each collection (default 1: all).
--gnugo    also score with GNU Go 3.8 (`final_score` after `loadsgf`,
           Chinese rules for area-counted records); its answers are kept in
           target/gnugo-scores.tsv so a rerun only asks for new games.
--gnugo-every  GNU Go scores every N-th of the KGS 19x19 games scored
           (default 5: 19x19 costs it seconds a game; every game of the
           other collections); the table then compares both on that sample.

--extra DIR  also score every *.sgf under DIR (repeatable), a collection
           of its own compared with the results Tengen reads from the
           records (RE; the Fox server's margins in stones doubled under
           Chinese rules); GNU Go scores every --gnugo-every-th of them,
           told the komi Tengen read when it would read KM otherwise (the
           Fox server's KM[650] is 6.5 points, KM[375] 3.75 stones). For held-out judgement
           use collections the scorer was not tuned on, for example
           professional records from shiofreecss/Gosei-Kifu (Andries
           Brouwer's collection, in its history before the games were
           removed), featurecat/go-dataset `Pro/` (Fox server) and
           yenw/computer-go-dataset `AI/`: fetch them outside the project,
           never into it. The README's professional set: Gosei-Kifu at
           b0ebf1c, `ai-kifu/public/games/EVENT/NN/*.sgf` (numbered
           terms) for EVENT in Judan Kisei Gosei Meijin Honinbo Oza
           Tengen NHK Ryusei Agon Shinjin, 19x19 (no `SZ` or `SZ[19]`)
           with `RE[B+n]` or `RE[W+n]` (n a number, `RE[W+.5]` included)
           and a `KM` (9,675 records); sorted by path, Python's
           random.seed(41) and random.sample(paths, 1500).
           Shinjin has no numbered terms in that snapshot. The validation
           set, for checking that a change found on the first set holds:
           the 8,175 records left, sorted, random.seed(42) and
           random.sample(rest, 1000).

CGOS games are scored with `--rules tromp-taylor` (the server counted every
stone on the board), the others under each record's own RU and KM.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

from gtpclient import DEVNULL, Engine, GTPError

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_CORPUS = os.path.join(ROOT, "..", "shared", "corpora", "scoring-dev.tar.gz")
GNUGO = "/usr/games/gnugo"
CACHE = os.path.join(ROOT, "target", "gnugo-scores.tsv")
AREA_RULES = {"chinese", "aga", "new zealand", "nz", "tromp-taylor", "goe", "ing"}
# Tengen's area presets, for records of --extra collections.
AREA_PRESETS = {"chinese", "chinese-ogs", "chinese-kgs", "aga", "new_zealand",
                "tromp-taylor", "ing"}
# Collections: (folder, label, extra tengen flags, sampled for GNU Go).
COLLECTIONS = [
    ("kgs19-godmoves", "KGS 19x19", [], True),
    ("ogs9-teenygo", "OGS 9x9", [], False),
    ("cgos9-teenygo", "CGOS 9x9 (tromp-taylor)", ["--rules", "tromp-taylor"], False),
    ("gnugo-regression", "GNU Go regression games", [], False),
]


def parse_result(text):
    """Black's margin from an RE value, None when not a counted result."""
    if not text:
        return None
    t = text.strip()
    if t.lower() in ("0", "draw", "jigo"):
        return 0.0
    if len(t) < 3 or t[0].upper() not in "BW" or t[1] != "+":
        return None
    try:
        m = float(t[2:])
    except ValueError:
        return None
    return m if t[0].upper() == "B" else -m


def read_index(folder):
    rows = []
    with open(os.path.join(folder, "index.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    return rows


def tengen_json(files, flags, threads):
    """{file: JSON object} from `tengen score --json`."""
    binary = os.path.join(ROOT, "target", "release", "tengen")
    objects = {}
    chunk = 400
    for i in range(0, len(files), chunk):
        out = subprocess.run(
            [binary, "score", "--json", "--threads", str(threads)] + flags + files[i:i + chunk],
            check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            obj = json.loads(line)
            objects[obj["file"]] = obj
    return objects


def tengen_margins(files, flags, threads):
    """{file: Black's margin} from `tengen score --json`."""
    return {f: o["margin"] for f, o in tengen_json(files, flags, threads).items()
            if "margin" in o}


def sgf_files(folder):
    """Every *.sgf under `folder`, in name order."""
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, n) for n in names if n.lower().endswith(".sgf")]
    return sorted(found)


def load_cache():
    cache = {}
    if os.path.exists(CACHE):
        with open(CACHE, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("\t")
                cache[key] = value
    return cache


def komi_to_send(path, counted):
    """The komi Tengen read from a record whose `KM` GNU Go would read
    otherwise (the Fox server's hundredths: `KM[650]` is 6.5 points), for
    a `komi` command after `loadsgf`; None when GNU Go reads the same."""
    if not counted.get("komi_from_record"):
        return None
    with open(path, "rb") as f:
        found = re.search(rb"KM\[([^\]]*)\]", f.read())
    try:
        written = float(found.group(1)) if found else None
    except ValueError:
        written = None
    komi = counted.get("komi")
    return komi if written is not None and komi is not None and written != komi else None


def gnugo_margins(games, cache):
    """{file: margin} from GNU Go, asking only for games not cached."""
    os.makedirs(os.path.dirname(CACHE), exist_ok=True)
    todo = [(path, key, area, komi) for path, key, area, komi in games if key not in cache]
    engines = {}
    with open(CACHE, "a", encoding="utf-8") as out:
        for n, (path, key, area, komi) in enumerate(todo):
            flag = "--chinese-rules" if area else "--japanese-rules"
            engine = engines.get(flag)
            if engine is None or not engine.alive():
                engine = Engine([GNUGO, "--mode", "gtp", flag], stderr=DEVNULL)
                engines[flag] = engine
            answer = "?"
            try:
                komi_cmd = [] if komi is None else [f"komi {komi}"]
                for cmd in [f"loadsgf {path}", *komi_cmd, "final_score"]:
                    reply = engine.send(cmd)
                    answer = reply.text if reply.ok else "?"
                    if answer == "?" and cmd.startswith("loadsgf"):
                        break
            except GTPError:
                engine.kill()
                answer = "?"
            cache[key] = answer
            out.write(f"{key}\t{answer}\n")
            out.flush()
            if n % 50 == 0:
                print(f"gnugo: {n} of {len(todo)}", file=sys.stderr)
    for engine in engines.values():
        engine.close(timeout=None)
    return {key: parse_result(cache.get(key)) for _, key, _, _ in games}


def tally(pairs):
    """(exact %, same-winner %, mean abs error, n) of (ours, recorded) pairs."""
    pairs = [(o, r) for o, r in pairs if o is not None and r is not None]
    n = len(pairs)
    if n == 0:
        return None
    exact = sum(1 for o, r in pairs if abs(o - r) < 1e-6)
    winner = sum(1 for o, r in pairs if (o > 0) == (r > 0) and o != 0 and r != 0 or o == r == 0)
    mae = sum(abs(o - r) for o, r in pairs) / n
    return 100.0 * exact / n, 100.0 * winner / n, mae, n


def fmt(t):
    if t is None:
        return "-"
    return f"{t[0]:5.1f}% exact, {t[1]:5.1f}% winner, mae {t[2]:5.2f} ({t[3]})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--gnugo", action="store_true")
    ap.add_argument("--gnugo-every", type=int, default=5)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--extra", action="append", default=[], metavar="DIR")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        if args.corpus != "none":
            with tarfile.open(args.corpus) as tar:
                tar.extractall(tmp, filter="data")
        base = tmp
        entries = os.listdir(tmp)
        if len(entries) == 1 and os.path.isdir(os.path.join(tmp, entries[0])) \
                and not os.path.exists(os.path.join(tmp, entries[0], "index.tsv")):
            base = os.path.join(tmp, entries[0])
        cache = load_cache() if args.gnugo else {}
        print(f"{'collection':<26} {'tengen':<48} gnugo 3.8 on the same games / tengen on those")
        for folder, label, flags, sampled in COLLECTIONS:
            path = os.path.join(base, folder)
            if not os.path.isdir(path):
                continue
            rows = read_index(path)[::args.every]
            files = [os.path.join(path, r["file"]) for r in rows]
            recorded = {os.path.join(path, r["file"]): parse_result(r["RE"]) for r in rows}
            ours = tengen_margins(files, flags, args.threads)
            mine = tally((ours.get(f), recorded[f]) for f in files)
            line = f"{label:<26} {fmt(mine):<48}"
            if args.gnugo:
                sample = rows[::args.gnugo_every] if sampled else rows
                games = []
                for r in sample:
                    area = r["rules"].lower() in AREA_RULES
                    games.append((os.path.join(path, r["file"]), f"{folder}/{r['file']}", area, None))
                theirs = gnugo_margins(games, cache)
                sample_files = [g[0] for g in games]
                gg = tally((theirs.get(k), recorded[p]) for p, k, _, _ in games)
                ts = tally((ours.get(f), recorded[f]) for f in sample_files)
                line += f" {fmt(gg)} / {fmt(ts)}"
            print(line, flush=True)
        for folder in args.extra:
            files = sgf_files(folder)
            objects = tengen_json(files, [], args.threads)
            recorded = {f: parse_result(o.get("recorded")) for f, o in objects.items()}
            ours = {f: o.get("margin") for f, o in objects.items()}
            unfinished = sum(1 for o in objects.values() if o.get("unfinished"))
            slowest = max((o.get("millis", 0.0), f) for f, o in objects.items())
            label = os.path.basename(os.path.normpath(folder))
            line = f"{label:<26} {fmt(tally((ours[f], recorded[f]) for f in objects)):<48}"
            if args.gnugo:
                games = []
                for f in files[::args.gnugo_every]:
                    if f not in objects:
                        continue
                    key = f"extra/{label}/{os.path.relpath(f, folder)}"
                    komi = komi_to_send(f, objects[f])
                    if komi is not None:
                        key += f"@komi{komi}"
                    games.append((f, key, objects[f].get("rules") in AREA_PRESETS, komi))
                theirs = gnugo_margins(games, load_cache() | cache)
                gg = tally((theirs.get(k), recorded[p]) for p, k, _, _ in games)
                ts = tally((ours[p], recorded[p]) for p, _, _, _ in games)
                line += f" {fmt(gg)} / {fmt(ts)}"
            print(line, flush=True)
            print(f"{'':<26} {unfinished} reported unfinished; slowest judgement "
                  f"{slowest[0]:.0f} ms ({slowest[1]})", flush=True)


if __name__ == "__main__":
    main()
