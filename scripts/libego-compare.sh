#!/usr/bin/env bash
# Tengen's light playouts against libego's, like for like.
#
# libego (Ł. Lew, commit c53b26d, the build ../shared/docs/perf.md measured)
# is the speed reference of issue 4. Its benchmark does not play the
# reference bot's playouts that Tengen's correctness gate asks for: it lets
# a move that has an own stone next to it but no empty neighbour be played
# even when it is suicide (the chain is then removed), and it picks moves
# by scanning from a random point, which is not uniform. Its statistics are
# 114.5 moves a playout and Black winning 0.44 at komi 7.5, not 111.0 and
# 0.421.
#
# This script builds libego twice from a clone (with the two edits today's
# g++ needs and a board size set at compile time) and times both builds
# against `tengen benchmark`, in alternating rounds:
#   - "published": libego as it is, plus a count of moves per playout;
#   - "reference": the same code playing the reference playouts. Two rules
#     change and nothing else: a point with no empty neighbour and an own
#     stone next to it is legal only when the stone keeps a liberty (an own
#     chain next to it has another one, or an enemy chain next to it has
#     none left); and the move is drawn uniformly among the empty points not
#     yet tried, a tried point being swapped to the end of the list, as in
#     Tengen.
# Both builds cap a playout at 3 moves a point, as Tengen does (libego's
# own cap is 2; about 0.1% of 9x9 playouts go beyond it).
#
# Both rates are playouts per second of user CPU time: libego's own report
# (getrusage), and Tengen's user time as the shell's `time` reads it, on
# one thread.
#
# Needs git, g++, python3 and a built Tengen (cargo build --release).
# Usage: scripts/libego-compare.sh [ROUNDS]   (default 3)
# Environment: LIBEGO_GIT (a clone URL or path, default GitHub),
#   LIBEGO_COMMIT (default c53b26d), N9 and N19 (playouts a run, default
#   1000000 and 200000), TENGEN (default target/release/tengen).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
repo="${LIBEGO_GIT:-https://github.com/lukaszlew/libego.git}"
commit="${LIBEGO_COMMIT:-c53b26d}"
n9="${N9:-1000000}"
n19="${N19:-200000}"
tengen="${TENGEN:-target/release/tengen}"
[ -x "$tengen" ] || { echo "no $tengen: run cargo build --release" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/src"
git -C "$work/src" checkout --quiet "$commit"

# Edits libego's sources in $1; $2 is "published" or "reference". Every
# anchor must be found, so a different libego fails loudly.
patch_libego() {
    python3 - "$1" "$2" <<'EOF'
import sys

root, variant = sys.argv[1], sys.argv[2]

def edit(name, old, new):
    path = f"{root}/{name}"
    text = open(path).read()
    if text.count(old) != 1:
        sys.exit(f"{name}: anchor not found once: {old[:60]!r}")
    open(path, "w").write(text.replace(old, new))

# Both: build with today's g++ (memcpy's header) and a board size from
# the command line.
main = f"{root}/main.cpp"
text = open(main).read()
open(main, "w").write("#include <cstring>\n" + text)
edit("config.cpp", "const uint board_size          = 9;",
     "#ifndef BOARD_SIZE\n#define BOARD_SIZE 9\n#endif\nconst uint board_size          = BOARD_SIZE;")
# Both: count moves per playout, and cap playouts at 3 moves a point.
edit("playout.cpp", "    playout_ok_cnt   = 0;\n",
     "    playout_ok_cnt   = 0;\n    unsigned long long total_moves = 0;\n")
edit("playout.cpp", "      status = playout.run ();\n",
     "      status = playout.run ();\n      total_moves += mc_board->move_no;\n")
edit("playout.cpp", "    out << \"Black wins    = \"",
     "    out << \"Moves/playout = \" << double (total_moves) / playout_cnt << endl;\n"
     "    out << \"Black wins    = \"")
edit("config.cpp", "max_playout_length  = board_area * 2;",
     "max_playout_length  = board_area * 3;")

if variant == "reference":
    # Legality: libego tests only points whose neighbours are all enemy
    # stones or the edge; add the test for points with an own neighbour
    # and no empty one.
    edit("board.cpp", """    return 
      v == vertex_t::pass () || 
      !nbr_cnt[v].player_cnt_is_max (player.other ()) || 
      !play_eye_is_ko (player, v) && 
      !play_eye_is_suicide (player, v);
""", """    if (v == vertex_t::pass () || nbr_cnt[v].empty_cnt () > 0) return true;
    if (nbr_cnt[v].player_cnt_is_max (player.other ()))
      return !play_eye_is_ko (player, v) && !play_eye_is_suicide (player, v);
    // An own stone next to v and no empty point: the stone keeps a
    // liberty when an own chain next to it has another, or when an enemy
    // chain next to it has none left.
    bool keeps_liberty = false;
    vertex_for_each_nbr (v, nbr_v, chain_lib_cnt [chain_id [nbr_v]]--);
    vertex_for_each_nbr (v, nbr_v, {
      bool none_left = chain_lib_cnt [chain_id [nbr_v]] == 0;
      if (color_at [nbr_v] == color_t (player)) keeps_liberty |= !none_left;
      else if (color_at [nbr_v] == color_t (player.other ())) keeps_liberty |= none_left;
    });
    vertex_for_each_nbr (v, nbr_v, chain_lib_cnt [chain_id [nbr_v]]++);
    return keeps_liberty;
""")
    # Move choice: uniform among the untried empty points.
    edit("playout.cpp", """  void prepare_vertex () {
    act_player     = board->act_player ();
    start_evi      = pm.rand_int (board->empty_v_cnt); 
    act_evi        = start_evi;
    end_evi        = board->empty_v_cnt;
  }
""", """  uint untried;
  uint drawn;

  // Moves the empty point at index i past the untried ones.
  void set_aside (uint i) {
    untried--;
    vertex_t a = board->empty_v [i];
    vertex_t b = board->empty_v [untried];
    board->empty_v [i] = b;
    board->empty_v [untried] = a;
    board->empty_pos [a] = untried;
    board->empty_pos [b] = i;
  }

  void prepare_vertex () {
    act_player = board->act_player ();
    untried    = board->empty_v_cnt;
  }

  vertex_t uniform_vertex () {
    while (untried > 0) {
      uint i = pm.rand_int (untried);
      vertex_t v = board->empty_v [i];
      if (board->is_eyelike (act_player, v)) { set_aside (i); continue; }
      drawn = i;
      return v;
    }
    return vertex_t::pass ();
  }
""")
    edit("playout.cpp", """  vertex_t next_vertex () {
    vertex_t v;""", """  vertex_t next_vertex () {
    return uniform_vertex ();
    vertex_t v;""")
    edit("playout.cpp", """  void bad_vertex (vertex_t v) {
  }""", """  void bad_vertex (vertex_t v) {
    set_aside (drawn);
  }""")
EOF
}

flags="-O3 -march=native -fomit-frame-pointer -DDEBUG -ffast-math -frename-registers"
for variant in published reference; do
    cp -r "$work/src" "$work/$variant"
    patch_libego "$work/$variant" "$variant"
    for size in 9 19; do
        g++ $flags -w -DBOARD_SIZE="$size" -o "$work/$variant/ego_$size" "$work/$variant/main.cpp"
    done
done

# One libego run: "rate moves black-win-share".
ego() {
    printf 'benchmark %d\nquit\n' "$3" | "$work/$1/ego_$2" /dev/null |
        awk '/ kpps$/ { k = $1 } /^Moves\/playout/ { m = $3 } /^P\(black win\)/ { b = $4 }
             END { printf "%.0f %.2f %.4f\n", k * 1000, m, b }'
}
# One Tengen run, the same three fields; the rate per second of the
# process's user CPU time, as libego counts it (startup costs about 5 ms).
tg() {
    { TIMEFORMAT=%3U; time "$tengen" benchmark --size "$1" --playouts "$2" --runs 1 >"$work/tg.out"; } 2>"$work/tg.time"
    awk -v n="$2" -v user="$(tail -n 1 "$work/tg.time")" \
        '/^run 1:/ { printf "%.0f %.2f %.4f\n", n / user, $10, $16 }' "$work/tg.out"
}

results="$work/results"
for round in $(seq "$rounds"); do
    for size in 9 19; do
        n=$n9
        [ "$size" = 19 ] && n=$n19
        echo "published $size $(ego published "$size" "$n")" >>"$results"
        echo "reference $size $(ego reference "$size" "$n")" >>"$results"
        echo "tengen $size $(tg "$size" "$n")" >>"$results"
    done
    echo "round $round of $rounds done" >&2
done

echo "| playouts | board | playouts/s (median; each run) | moves/playout | Black wins (komi 7.5) |"
echo "|---|---|---|---|---|"
for who in published reference tengen; do
    for size in 9 19; do
        awk -v who="$who" -v size="$size" '$1 == who && $2 == size { print $3, $4, $5 }' "$results" |
            sort -n | awk -v who="$who" -v size="$size" '
                { r[NR] = $1; m = $2; b = $3; all = all (NR > 1 ? ", " : "") sprintf("%.1fk", $1 / 1000) }
                END {
                    name = who == "published" ? "libego as published" : who == "reference" ? "libego, reference playouts" : "Tengen light"
                    printf "| %s | %dx%d | %.1fk (%s) | %s | %s |\n", name, size, size, r[int((NR + 1) / 2)] / 1000, all, m, b
                }'
    done
done
