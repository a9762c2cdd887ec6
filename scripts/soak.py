#!/usr/bin/env python3
"""Soak test: a long series of fast games in long-lived engine processes.

Usage:
  scripts/soak.py [--games 1000] [--seed 1] [--tengen PATH] [--playouts 64]
                  [--max-nodes-b 200000] [--gnugo PATH] [--gnugo-level 1]
                  [--mix self=60,gnugo9=30,self19=8,gnugo19=2]
                  [--genmove-timeout 30] [--cpu N] [--out /tmp/soak]

Starts ONE process per side for the whole run, as gogui-twogtp does:
Tengen A, Tengen B (the self-play opponent, with a small --max-nodes), GNU Go
G (the opponent, at a fast level) and two GNU Go referees (Japanese and
--chinese-rules). Every game resets them with boardsize/clear_board/komi and,
for Tengen, a random `kgs-rules`. Game kinds: self-play on a random size 2-25
(small and medium sizes weighted up), 9x9 against GNU Go (Tengen alternating
colours), 19x19 self-play and 19x19 against GNU Go. Interleaved at random:
handicap (fixed_handicap where the table allows it, else place_free_handicap;
the other engine gets set_free_handicap or the same fixed_handicap), undo of
one or two moves on both engines, printsgf -> loadsgf round trips checked by
comparing `showboard`, reg_genmove (board unchanged), final_status_list dead,
is_legal, lz-analyze interrupted by the next command, and command ids.

After each game it checks: no crash, no protocol error (every answer is
`=[id] ...` or `?[id] ...` ended by a blank line, no stray output, no
unexpected `?`), no illegal move (the opponent or a referee rejecting a move
Tengen generated, or genmove answering something that is not a vertex, pass
or resign), no genmove slower than --genmove-timeout, `final_score` in GNU
Go's RE format (`? cannot score` counts as a no-result), agreement on the
winner with the GNU Go referee for passes-ended Japanese/Chinese games up to
19x19 (a statistic), and Tengen's VmRSS after every game (flat if the mean of
the last 100 games is at most 1.1 x the mean of the 100 games before the
half-way point + 5 MB: the allocator's high-water mark rises while the
first big boards and trees come, a leak keeps rising in the second half).

Writes OUT/games.tsv (one row per game), OUT/errors/ (transcripts of the
failing game, a replay script for a fresh engine and its outcome),
OUT/disagree/ (SGF of games the referee scored differently) and OUT/*.cmds
(every command each process received, for exact replays). Prints a progress
line every --progress games and a summary; exits 1 on any crash, protocol
error, illegal move, timeout, final_score format error or round-trip
mismatch. Standard library only.
"""

import argparse
import collections
import os
import random
import re
import shlex
import subprocess
import sys
import time

import gtpclient
from gtpclient import HEADER_RE, EngineDied, EngineTimeout, ProtocolError

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SGF_LETTERS = "abcdefghijklmnopqrstuvwxy"
RULES = ["japanese", "chinese", "aga", "new_zealand", "tromp-taylor"]
NO_SUICIDE_RULES = ["japanese", "chinese", "aga"]
KOMIS = ["0", "0.5", "5.5", "6.5", "7", "7.5", "-3"]
SCORE_RE = re.compile(r"^(0|[BW]\+\d+(\.\d)?)$")
VERTEX_RE = re.compile(r"^([A-HJ-Z])([0-9]{1,2})$", re.I)
LZ_INFO_RE = re.compile(r"^info move (\S+) visits \d+ .*")
FAILURES = ["crash", "protocol", "illegal", "timeout", "format", "roundtrip"]


class Engine(gtpclient.Engine):
    """One long-lived GTP process, read with select() so a hang is a timeout;
    each start (generation) writes its stderr and its commands to OUT."""

    def __init__(self, name, argv, out, journal, strict):
        self.out = out
        self.generation = 0
        super().__init__(argv, name=name, timeout=30.0, strict=strict, journal=journal, start=False)
        self.start()

    def start(self):
        self.generation += 1
        tag = "%s.%d" % (self.name, self.generation)
        self.cmdlog = open(os.path.join(self.out, tag + ".cmds"), "w")
        self.spawn(open(os.path.join(self.out, tag + ".stderr"), "wb"))

    def restart(self):
        self.kill()
        self.start()

    def kill(self):
        super().kill()
        self.stderr_target.close()
        self.cmdlog.close()

    def close(self):
        super().close(timeout=5)  # `quit`, then kill(): the files are closed

    def rss_kb(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0


def parse_vertex(text, size):
    """'C3' -> (col, row) on this board, 'pass' -> 'pass', else None."""
    t = text.strip()
    if t.lower() == "pass":
        return "pass"
    m = VERTEX_RE.match(t)
    if not m:
        return None
    col = LETTERS.index(m.group(1).upper())
    row = int(m.group(2))
    if col >= size or not 1 <= row <= size:
        return None
    return (col, row)


def vertex_name(col, row):
    return "%s%d" % (LETTERS[col], row)


def sgf_point(vertex, size):
    if vertex.lower() == "pass":
        return ""
    col, row = parse_vertex(vertex, size)
    return SGF_LETTERS[col] + SGF_LETTERS[size - row]


def board_rows(showboard_text):
    """The board lines of a `showboard` answer (numbered rows), normalised."""
    rows = []
    for line in showboard_text.split("\n"):
        m = re.match(r"^\s*(\d+)\s+((?:[.XO+]\s*)+?)\s*\d+\b", line)
        if m:
            cells = m.group(2).replace("+", ".").split()
            rows.append("%s %s" % (m.group(1), "".join(cells)))
    return rows


def board_meta(showboard_text):
    """The non-board lines of Tengen's `showboard` (captures, to move, komi, rules)."""
    return [l.strip() for l in showboard_text.split("\n")
            if l.strip() and not re.match(r"^\s*\d+\s", l) and not re.match(r"^\s*[A-Z](\s[A-Z])*\s*$", l.strip())]


def winner(score):
    return "0" if score == "0" else score[0]


def fixed_handicap_ok(size, n):
    return size >= 7 and 2 <= n <= 9 and (n <= 4 or (size % 2 == 1 and size >= 9))


def choose_size(rng):
    """Random size 2..25, small and medium boards weighted up."""
    sizes = list(range(2, 26))
    weights = [4 if s <= 9 else 2 if s <= 13 else 1 if s <= 19 else 0.5 for s in sizes]
    return rng.choices(sizes, weights)[0]


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.out = args.out
        for d in ("errors", "disagree"):
            os.makedirs(os.path.join(self.out, d), exist_ok=True)
        self.journal = []  # this game's (engine, direction, line) transcript
        tengen = [args.tengen, "--playouts", str(args.playouts)]
        self.tengen_argv = {
            "A": tengen + ["--seed", str(args.seed)],
            "B": tengen + ["--seed", str(args.seed + 1), "--max-nodes", str(args.max_nodes_b)],
        }
        gnugo = [args.gnugo, "--mode", "gtp"]
        argvs = dict(self.tengen_argv)
        argvs["G"] = gnugo + ["--level", str(args.gnugo_level), "--seed", str(args.seed)]
        argvs["RJ"] = gnugo
        argvs["RC"] = gnugo + ["--chinese-rules"]
        self.engines = {name: Engine(name, argv, self.out, self.journal, name in ("A", "B"))
                        for name, argv in argvs.items()}
        self.counts = collections.Counter()
        self.reasons = collections.Counter()
        for name in ("A", "B"):
            self.engines[name].complain = (lambda msg, name=name: self.problem("protocol", self.game, name, msg))
        self.examples = collections.defaultdict(list)
        self.kinds = collections.Counter()
        self.ends = collections.Counter()
        self.moves_total = 0
        self.rss = {"A": [], "B": []}
        self.genmove_max = collections.defaultdict(float)
        self.referee = collections.Counter()
        self.tsv = open(os.path.join(self.out, "games.tsv"), "w")
        self.tsv.write("#game\tkind\tsize\trules\tkomi\thandicap\tblack\twhite\tmoves\tend\t"
                       "score_A\tscore_B\tscore_ref\trss_A_kB\trss_B_kB\tseconds\tproblems\n")

    # --- bookkeeping -------------------------------------------------------

    def problem(self, category, game, engine, message, repro=True):
        """Count a problem; keep the transcript of the first few of each kind."""
        self.counts[category] += 1
        self.reasons[(category, engine, re.sub(r"'[^']*'|\"[^\"]*\"|\b[A-Z]\d+\b|\d+", "_", message))] += 1
        self.game_problems.append(category)
        n = self.counts[category]
        path = ""
        if n <= 20:
            path = os.path.join(self.out, "errors", "game%04d-%s-%d.txt" % (game, category, n))
            self.save_transcript(path, category, game, engine, message, repro and n <= 5)
        if len(self.examples[category]) < 5:
            tail = ["%s %s %s" % t for t in self.journal[-12:]]
            self.examples[category].append((game, engine, message, path, tail))
        if n <= 20:
            print("game %d: %s: %s%s" % (game, category, message, " (%s)" % path if path else ""), flush=True)
        elif n == 21:
            print("(further %s problems counted, not printed)" % category, flush=True)

    def save_transcript(self, path, category, game, engine, message, replay):
        e = self.engines.get(engine)
        with open(path, "w") as f:
            f.write("# game %d %s\n# %s: %s\n# game parameters: %s\n" % (game, self.game_desc, category, message, self.game_params))
            if e:
                f.write("# engine %s: %s (process %d, %d commands since its start: %s)\n"
                        % (engine, " ".join(e.argv), e.generation, e.sent, e.cmdlog.name))
                tail = e.stderr_tail()
                if tail:
                    f.write("# stderr tail:\n" + "".join("#   %s\n" % l for l in tail))
            f.write("\n# transcript of this game (all engines):\n")
            for name, direction, line in self.journal:
                f.write("%-2s %s %s\n" % (name, direction, line))
            if not replay:
                return
            for name in sorted(set(n for n, _, _ in self.journal) & set(self.tengen_argv)):
                cmds = self.replay_commands(name)
                f.write("\n# replay of this game for a fresh %s (genmove answers turned into play): %s\n"
                        % (name, " ".join(shlex.quote(a) for a in self.tengen_argv[name])))
                f.write("".join("%s\n" % c for c in cmds))
                f.write("\n# outcome of that replay:\n" + self.try_replay(name, cmds))

    def replay_commands(self, engine):
        """This game's commands to `engine`, each genmove turned into the play it made."""
        cmds, pending = [], None
        for name, direction, line in self.journal:
            if name != engine:
                continue
            if direction == ">>":
                if pending:
                    cmds.append(pending)
                pending = re.sub(r"^\d+ ", "", line)
                continue
            if pending is None:
                continue
            m = HEADER_RE.match(line)
            if pending.startswith("genmove") and m and m.group(1) == "=" and m.group(3):
                move = m.group(3).strip()
                if move.lower() != "resign":
                    cmds.append("play %s %s" % (pending.split()[1], move))
                pending = None
            elif m:
                cmds.append(pending)
                pending = None
        if pending:
            cmds.append(pending)
        return cmds

    def try_replay(self, engine, cmds):
        try:
            p = subprocess.run(self.tengen_argv[engine], input="\n".join(cmds + ["quit"]) + "\n",
                               capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return "# timed out after 120 s\n"
        out = p.stdout.rstrip("\n").split("\n\n")
        tail = "\n\n".join(out[-4:])
        return "# exit status %d; last answers:\n%s\n# stderr tail:\n%s\n" % (
            p.returncode, tail, "\n".join(p.stderr.splitlines()[-10:]))

    def send(self, name, command, timeout=None, expect_ok=True, cid=False):
        """Send to an engine; raise the categorised exceptions; `?` -> protocol."""
        e = self.engines[name]
        if timeout is None:
            timeout = self.args.genmove_timeout if name in ("A", "B") else 300.0
        ident = self.rng.randint(1, 9999) if cid and self.rng.random() < 0.1 else None
        r = e.send(command, timeout, ident)
        if expect_ok and not r.ok:
            raise ProtocolError("%s: unexpected failure of %r: ? %s" % (name, command, r.text))
        return r

    # --- one game ----------------------------------------------------------

    def setup_engine(self, name, size, komi, rules):
        tengen = name in ("A", "B")
        self.send(name, "boardsize %d" % size, cid=tengen)
        self.send(name, "clear_board", cid=tengen)
        if tengen:
            self.send(name, "kgs-rules %s" % rules, cid=True)
        self.send(name, "komi %s" % komi, cid=tengen)

    def place_handicap(self, game, size, black, others, n):
        """Black's engine places n stones; the others get them. Returns the stones."""
        fixed = fixed_handicap_ok(size, n) and self.rng.random() < 0.7
        command = "%s %d" % ("fixed_handicap" if fixed else "place_free_handicap", n)
        r = self.send(black, command, cid=black in ("A", "B"))
        stones = r.text.split()
        parsed = [parse_vertex(s, size) for s in stones]
        if (any(p is None or p == "pass" for p in parsed) or len(set(parsed)) != len(parsed)
                or not 1 <= len(parsed) <= n or (fixed and len(parsed) != n)):
            raise ProtocolError("%s: bad answer to %r: %r" % (black, command, r.text))
        stones = [vertex_name(*p) for p in parsed]
        for o in others:
            if fixed and self.rng.random() < 0.5:
                r2 = self.send(o, command, cid=o in ("A", "B"))
                theirs = set(vertex_name(*parse_vertex(s, size)) for s in r2.text.split()
                             if parse_vertex(s, size) not in (None, "pass"))
                if theirs != set(stones):
                    self.problem("roundtrip", game, o, "%r: %s placed %s, %s placed %s"
                                 % (command, black, " ".join(stones), o, r2.text))
            else:
                self.send(o, "set_free_handicap %s" % " ".join(stones), cid=o in ("A", "B"))
        return stones

    def compare_boards(self, game, src, dst, what):
        a = self.send(src, "showboard", cid=True).text
        b = self.send(dst, "showboard", cid=True).text
        ra, rb = board_rows(a), board_rows(b)
        if not ra or ra != rb:
            self.problem("roundtrip", game, dst, "%s: board of %s differs from %s" % (what, dst, src))
            return
        ma, mb = board_meta(a), board_meta(b)
        if ma != mb:
            self.problem("roundtrip", game, dst, "%s: showboard text of %s differs from %s: %r vs %r"
                         % (what, dst, src, [m for m in ma if m not in mb], [m for m in mb if m not in ma]))

    def roundtrip(self, game, src, dst):
        path = os.path.join(self.out, "rt.sgf")
        if os.path.exists(path):
            os.remove(path)
        self.send(src, "printsgf %s" % path, cid=True)
        self.send(dst, "loadsgf %s" % path, cid=True)
        self.counts["stat_roundtrips"] += 1
        self.compare_boards(game, src, dst, "printsgf/loadsgf")

    def extras(self, game, size, color, name, tengens):
        """Occasional reg_genmove / final_status_list / is_legal / lz-analyze."""
        rng = self.rng
        t = rng.choice(tengens)
        if rng.random() < 0.015 and name in ("A", "B"):
            before = self.send(name, "showboard").text
            r = self.send(name, "reg_genmove %s" % color, cid=True)
            if parse_vertex(r.text, size) is None and r.text.lower() != "resign":
                raise ProtocolError("%s: reg_genmove answered %r" % (name, r.text))
            if board_rows(self.send(name, "showboard").text) != board_rows(before):
                self.problem("protocol", game, name, "reg_genmove changed the board")
            self.counts["stat_reg_genmove"] += 1
        if rng.random() < 0.01:
            r = self.send(t, "final_status_list dead", cid=True)
            if any(parse_vertex(v, size) in (None, "pass") for v in r.text.split()):
                raise ProtocolError("%s: final_status_list dead answered %r" % (t, r.text))
            self.counts["stat_final_status_list"] += 1
        if rng.random() < 0.02:
            v = "pass" if rng.random() < 0.1 else vertex_name(rng.randrange(size), rng.randint(1, size))
            r = self.send(t, "is_legal %s %s" % (rng.choice("bw"), v), cid=True)
            if r.text not in ("0", "1"):
                raise ProtocolError("%s: is_legal answered %r" % (t, r.text))
            self.counts["stat_is_legal"] += 1
        if rng.random() < 0.004 and name in ("A", "B"):
            # now and then a long one on a big board so B's --max-nodes budget fills up
            long_run = name == "B" and size >= 13 and rng.random() < 0.2
            self.lz_analyze(name, color, 1.5 if long_run else rng.uniform(0.0, 0.2))

    def lz_analyze(self, name, color, seconds):
        """lz-analyze, interrupted by the next command after a short while."""
        e = self.engines[name]
        e.check_quiet("lz-analyze")
        start = time.monotonic()
        e.write("lz-analyze %s 5" % color)
        first = e.read_line(start + 30, "lz-analyze")
        if not re.match(r"^=\s*$", first):
            raise ProtocolError("%s: lz-analyze started with %r" % (name, first))
        time.sleep(seconds)
        follow = self.rng.choice(["name", "protocol_version", "showboard"])
        e.write(follow)
        infos = 0
        while True:
            line = e.read_line(time.monotonic() + 30, "lz-analyze")
            if line == "":
                break
            if not LZ_INFO_RE.match(line):
                raise ProtocolError("%s: lz-analyze stream line %r" % (name, line))
            infos += 1
        ok, body = e.read_response(follow, time.monotonic() + 30)
        if not ok:
            raise ProtocolError("%s: %r after lz-analyze failed: %r" % (name, follow, body))
        if e.buf:
            raise ProtocolError("%s: output after the answer to %r following lz-analyze: %r" % (name, follow, e.buf[:200]))
        self.counts["stat_lz_analyze"] += 1
        self.counts["stat_lz_info_lines"] += infos

    def play_game(self, game):
        rng, args = self.rng, self.args
        kind = rng.choices(list(self.mix), list(self.mix.values()))[0]
        size = 9 if kind == "gnugo9" else 19 if kind in ("self19", "gnugo19") else choose_size(rng)
        vs_gnugo = kind.startswith("gnugo")
        rules = rng.choice(NO_SUICIDE_RULES if vs_gnugo else RULES)
        komi = rng.choice(KOMIS)
        if vs_gnugo:
            black, white = ("A", "G") if game % 2 == 0 else ("G", "A")
        else:
            black, white = ("A", "B") if rng.random() < 0.5 else ("B", "A")
        players = {"b": black, "w": white}
        tengens = [n for n in (black, white) if n in ("A", "B")]
        handicap = rng.randint(2, min(9, size * size // 4)) if size >= 5 and rng.random() < 0.12 else 0
        cap = 3 * size * size
        rt_at = rng.randrange(0, size * size) if rng.random() < 0.2 else -1
        self.game_desc = "%s %dx%d rules %s komi %s handicap %d black %s white %s" % (
            kind, size, size, rules, komi, handicap, black, white)
        self.game_params = dict(kind=kind, size=size, rules=rules, komi=komi, handicap=handicap,
                                black=black, white=white, cap=cap, roundtrip_at=rt_at)
        self.kinds[kind] += 1
        moves, stones, end, undos = [], [], "", 0
        scores = {}
        started = time.monotonic()
        for name in (black, white):
            self.setup_engine(name, size, komi, rules)
        if handicap:
            stones = self.place_handicap(game, size, black, [white], handicap)
            self.counts["stat_handicap_games"] += 1
        color = "w" if handicap else "b"
        while True:
            if len(moves) == rt_at:
                if vs_gnugo:
                    self.roundtrip(game, "A", "B")
                else:
                    src = rng.choice(["A", "B"])
                    self.roundtrip(game, src, "B" if src == "A" else "A")
            if len(moves) >= cap:
                end = "cap"
                break
            name, other = players[color], players["w" if color == "b" else "b"]
            self.extras(game, size, color, name, tengens)
            r = self.send(name, "genmove %s" % color, cid=name in ("A", "B"))
            self.genmove_max[name] = max(self.genmove_max[name], r.seconds)
            move = r.text.strip()
            if move.lower() == "resign":
                end = "resign"
                break
            v = parse_vertex(move, size)
            if v is None:
                self.problem("illegal", game, name, "genmove %s answered %r" % (color, move))
                return self.finish(game, kind, size, rules, komi, handicap, black, white, moves, "error", scores, started)
            move = "pass" if v == "pass" else vertex_name(*v)
            r = self.send(other, "play %s %s" % (color, move), expect_ok=False, cid=other in ("A", "B"))
            if not r.ok:
                if name in ("A", "B"):
                    self.problem("illegal", game, name, "%s rejected %s's move %s %s: ? %s" % (other, name, color, move, r.text))
                else:
                    self.problem("gnugo_move_rejected", game, other, "%s rejected G's move %s %s: ? %s"
                                 % (other, color, move, r.text), repro=False)
                return self.finish(game, kind, size, rules, komi, handicap, black, white, moves, "error", scores, started)
            moves.append((color, move, name))
            if len(moves) >= 2 and moves[-1][1] == "pass" and moves[-2][1] == "pass":
                end = "passes"
                break
            color = "w" if color == "b" else "b"
            if undos < 3 and len(moves) >= 2 and rng.random() < 0.01:
                k = rng.choice([1, 2])
                for _ in range(k):
                    for n in (black, white):
                        self.send(n, "undo", cid=n in ("A", "B"))
                    color = moves.pop()[0]
                undos += 1
                self.counts["stat_undo"] += k
        self.moves_total += len(moves)
        for t in tengens:
            r = self.send(t, "final_score", cid=True, expect_ok=False)
            if r.ok and SCORE_RE.match(r.text):
                scores[t] = r.text
            elif not r.ok and r.text == "cannot score":
                scores[t] = "noresult"
                self.counts["stat_noresult"] += 1
            else:
                self.problem("format", game, t, "final_score answered %s %r" % ("=" if r.ok else "?", r.text))
        if len(tengens) == 2 and scores.get("A") and scores.get("B"):
            self.counts["stat_ab_compared"] += 1
            if scores["A"] != scores["B"]:
                self.counts["stat_ab_differ"] += 1
        if rng.random() < 0.05:
            self.send(rng.choice(tengens), "final_status_list dead", cid=True)
        self.referee_game(game, size, rules, komi, stones, moves, end, scores)
        return self.finish(game, kind, size, rules, komi, handicap, black, white, moves, end, scores, started)

    def referee_game(self, game, size, rules, komi, stones, moves, end, scores):
        """Replay in a GNU Go referee (legality) and score passes-ended games."""
        if size > 19 or rules not in NO_SUICIDE_RULES:
            return
        ref = "RC" if rules == "chinese" else "RJ"
        self.setup_engine(ref, size, komi, rules)
        if stones:
            self.send(ref, "set_free_handicap %s" % " ".join(stones))
        for number, (color, move, name) in enumerate(moves, 1):
            r = self.send(ref, "play %s %s" % (color, move), expect_ok=False)
            if not r.ok:
                if name in ("A", "B"):
                    self.problem("illegal", game, name, "referee %s rejected %s's move %s %s (move %d): ? %s"
                                 % (ref, name, color, move, number, r.text))
                else:
                    self.counts["stat_referee_rejected_gnugo"] += 1
                return
        self.counts["stat_referee_replays"] += 1
        if end != "passes" or rules not in ("japanese", "chinese"):
            return
        r = self.send(ref, "final_score", timeout=300.0, expect_ok=False)
        if not r.ok or not SCORE_RE.match(r.text):
            self.counts["stat_referee_no_score"] += 1
            return
        scores["ref"] = r.text
        a = scores.get("A") or scores.get("B")
        if not a or a == "noresult":
            return
        self.referee["compared"] += 1
        if winner(a) == winner(r.text):
            self.referee["agree"] += 1
            return
        self.referee["disagree_" + rules] += 1
        if self.referee["disagree_" + rules] <= 10:
            src = "A" if scores.get("A") else "B"
            sgf = self.send(src, "printsgf").text
            base = os.path.join(self.out, "disagree", "game%04d-%s" % (game, rules))
            with open(base + ".sgf", "w") as f:
                f.write(sgf + "\n")
            with open(base + ".txt", "w") as f:
                f.write("%s\ntengen %s final_score %s; GNU Go %s final_score %s\n"
                        % (self.game_desc, src, a, ref, r.text))

    def finish(self, game, kind, size, rules, komi, handicap, black, white, moves, end, scores, started):
        self.ends[end] += 1
        rss = {n: self.engines[n].rss_kb() for n in ("A", "B")}
        for n in rss:
            self.rss[n].append(rss[n])
        self.tsv.write("%d\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%.2f\t%s\n" % (
            game, kind, size, rules, komi, handicap, black, white, len(moves), end,
            scores.get("A", "-"), scores.get("B", "-"), scores.get("ref", "-"),
            rss["A"], rss["B"], time.monotonic() - started, ",".join(self.game_problems) or "-"))
        self.tsv.flush()

    # --- the run -----------------------------------------------------------

    def run(self):
        args = self.args
        self.mix = collections.OrderedDict()
        for part in args.mix.split(","):
            k, _, w = part.partition("=")
            self.mix[k.strip()] = float(w)
        self.started = time.monotonic()
        for game in range(1, args.games + 1):
            self.game = game
            self.journal.clear()
            self.game_problems = []
            self.game_desc, self.game_params = "", {}
            try:
                self.play_game(game)
            except (EngineDied, EngineTimeout, ProtocolError) as exc:
                self.game_failed(game, exc)
            if game % args.progress == 0 or game == args.games:
                self.progress(game)
        for e in self.engines.values():
            e.close()
        return self.summary()

    def game_failed(self, game, exc):
        name = str(exc).split(":", 1)[0]
        category = {EngineDied: "crash", EngineTimeout: "timeout", ProtocolError: "protocol"}[type(exc)]
        if name in ("A", "B"):
            self.problem(category, game, name, str(exc))
        else:
            self.problem("other_engine_" + category, game, name, str(exc), repro=False)
        self.engines[name].restart() if name in self.engines else None
        self.counts["restarts_" + name] += 1
        self.ends["error"] += 1
        for n in ("A", "B"):
            self.rss[n].append(self.engines[n].rss_kb())
        self.tsv.write("%d\t%s\t-\t-\t-\t-\t-\t-\t-\terror\t-\t-\t-\t-\t-\t-\t%s\n"
                       % (game, self.game_desc, ",".join(self.game_problems)))
        self.tsv.flush()

    def progress(self, game):
        failures = sum(self.counts[c] for c in FAILURES)
        print("[%4d/%d] %6.1f min  moves %d  failures %d  compared %d agree %d  RSS A %d kB B %d kB  %s"
              % (game, self.args.games, (time.monotonic() - self.started) / 60, self.moves_total, failures,
                 self.referee["compared"], self.referee["agree"], self.rss["A"][-1], self.rss["B"][-1],
                 " ".join("%s=%d" % kv for kv in sorted(self.kinds.items()))), flush=True)

    def rss_report(self, name):
        xs = [x for x in self.rss[name] if x]
        if not xs:
            return "%s: no samples" % name, False
        first100 = sum(xs[:100]) / len(xs[:100])
        last100 = sum(xs[-100:]) / len(xs[-100:])
        half = len(xs) // 2
        middle = xs[max(0, half - 100):half] or xs[:1]
        middle100 = sum(middle) / len(middle)
        flat = last100 <= middle100 * 1.1 + 5 * 1024
        # means per block of 100 games: growth that stops is a high-water mark, not a leak
        blocks = " ".join("%.1f" % (sum(xs[i:i + 100]) / len(xs[i:i + 100]) / 1024) for i in range(0, len(xs), 100))
        return ("%s (%s): first %.1f MB, mean of first 100 %.1f MB, of the 100 before half-way %.1f MB,"
                " of the last 100 %.1f MB, max %.1f MB -> %s; means per 100 games (MB): %s"
                % (name, " ".join(self.engines[name].argv[1:]), xs[0] / 1024, first100 / 1024,
                   middle100 / 1024, last100 / 1024, max(xs) / 1024, "flat" if flat else "NOT FLAT",
                   blocks)), flat

    def summary(self):
        c, wall = self.counts, time.monotonic() - self.started
        print("\n=== soak summary ===")
        rows = [("games", str(sum(self.kinds.values())))]
        rows += [("  kind %s" % k, str(v)) for k, v in sorted(self.kinds.items())]
        rows += [("  ended by %s" % k, str(v)) for k, v in sorted(self.ends.items())]
        rows += [("moves total", str(self.moves_total))]
        rows += [(k, str(c[k])) for k in FAILURES]
        rows += [("final_score no-result (cannot score)", str(c["stat_noresult"])),
                 ("referee agreement (agree/compared)", "%d/%d" % (self.referee["agree"], self.referee["compared"]))]
        rows += [("  referee disagreements, %s" % k[9:], str(v)) for k, v in sorted(self.referee.items())
                 if k.startswith("disagree_")]
        rows += [("referee legality replays", str(c["stat_referee_replays"])),
                 ("A/B final_score differ (compared)", "%d/%d" % (c["stat_ab_differ"], c["stat_ab_compared"])),
                 ("tengen rejected a GNU Go move", str(c["gnugo_move_rejected"]))]
        rows += [(k, str(v)) for k, v in sorted(c.items()) if k.startswith(("other_engine_", "restarts_"))]
        rows += [(k[5:], str(v)) for k, v in sorted(c.items())
                 if k.startswith("stat_") and k not in ("stat_noresult", "stat_referee_replays", "stat_ab_differ",
                                                        "stat_ab_compared")]
        rows += [("slowest genmove %s" % k, "%.2f s" % v) for k, v in sorted(self.genmove_max.items())]
        flat_all = True
        for n in ("A", "B"):
            text, flat = self.rss_report(n)
            flat_all &= flat
            rows.append(("RSS " + n, text))
        rows.append(("wall time", "%.1f min" % (wall / 60)))
        width = max(len(k) for k, _ in rows)
        for k, v in rows:
            print("%-*s  %s" % (width, k, v))
        for cat in FAILURES + sorted(k for k in self.examples if k not in FAILURES):
            for game, engine, message, path, tail in self.examples.get(cat, []):
                print("\n[%s] game %d engine %s: %s\n  transcript: %s" % (cat, game, engine, message, path or "-"))
                for line in tail:
                    print("    " + line[:160])
        if self.reasons:
            print("\nproblems by kind (category, engine, message with names and numbers blanked):")
            for (cat, engine, reason), n in sorted(self.reasons.items()):
                print("  %5d  %-20s %-2s %s" % (n, cat, engine, reason[:150]))
        failed = sum(c[k] for k in FAILURES)
        print("\nresult: %s" % ("FAIL (%d failures)" % failed if failed else "PASS"))
        if not flat_all:
            print("memory: NOT FLAT")
        return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description="Soak-test Tengen over many games in long-lived processes.")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tengen", default=os.path.join(here, "..", "target", "release", "tengen"))
    ap.add_argument("--playouts", type=int, default=64)
    ap.add_argument("--max-nodes-b", type=int, default=200000, help="--max-nodes for Tengen B")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--gnugo-level", type=int, default=1)
    ap.add_argument("--mix", default="self=60,gnugo9=30,self19=8,gnugo19=2",
                    help="weights of the game kinds self, gnugo9, self19, gnugo19")
    ap.add_argument("--genmove-timeout", type=float, default=30.0, help="seconds before a Tengen answer is a hang")
    ap.add_argument("--progress", type=int, default=50)
    ap.add_argument("--cpu", type=int, help="pin this script and every engine to one CPU")
    ap.add_argument("--out", default="/tmp/soak")
    args = ap.parse_args()
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    os.makedirs(args.out, exist_ok=True)
    print("soak: %d games, seed %d, tengen %s --playouts %d (B --max-nodes %d), gnugo level %d, mix %s, out %s%s"
          % (args.games, args.seed, args.tengen, args.playouts, args.max_nodes_b, args.gnugo_level, args.mix,
             args.out, ", cpu %d" % args.cpu if args.cpu is not None else ""), flush=True)
    sys.exit(Soak(args).run())


if __name__ == "__main__":
    main()
