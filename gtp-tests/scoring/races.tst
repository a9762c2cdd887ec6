# Capturing races that the status playouts misjudge, decided by counting
# liberties (src/rules/status/race.rs).

# --- A closed three-group race (after GNU Go's semeai6, cropped to 9x9).
# White's C1-D5 has the liberties B3 B4 B5 against Black's wall and D1-D4
# against Black's E1-E5; Black's E1-E5 has D1-D4 and F1-F5, which it shares
# with White's G1-G6, alive with the eye space H2 H3 J3. Neither side can
# take the other (whoever fills D1-D4 first runs short), so White's C1-D5
# lives whoever starts: the status playouts, which fill liberties in no
# order, took it in most playouts.
#
#      A B C D E F G H J
#    7 X X X X X X X X X
#    6 X X X X O O O O O
#    5 X . O O X . O . O
#    4 X . O . X . O O O
#    3 X . O . X . O . .
#    2 X X O . X . O . X
#    1 X X O . X . O X X
loadsgf ../games/scoring/race-seki.sgf
1 tengen-status C1 white
#? [alive|seki]
2 tengen-status E1 white
#? [alive|seki]
3 final_status_list dead
#? [H1 J1 J2]

# --- A closed race decided by the count over surer playouts (GNU Go's
# semeai6, read in place from ../shared/external/gnugo-regress). Black's
# A14-E14 has five outside liberties (A15-E15, under White's wall) and
# shares A13-D13 with White's A12 group, whose only eye is A11: each side
# needs five moves, so the side to move takes the other. Neither can run,
# so the count is exact. The status playouts, which fill liberties in no
# order, gave White the race in about 85% of them, too sure for the count
# to overrule them before.
#
#      A B C D E F
#   16 O O O O O O
#   15 . . . . . O
#   14 X X X X X O
#   13 . . . . O X
#   12 O O O O O X
#   11 . O X X O X
#   10 O O O X X X
#    9 X O X X . X
loadsgf ../../../shared/external/gnugo-regress/games/semeai/semeai6.sgf
4 tengen-status A14 black
#? [alive]
5 tengen-status A14 white
#? [dead]
6 tengen-status A12 white
#? [alive]
7 tengen-status A12 black
#? [dead]
