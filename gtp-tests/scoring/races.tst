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
