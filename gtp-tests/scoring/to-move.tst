# tengen-status VERTEX [COLOR]: what a chain becomes once both sides play
# their best, COLOR moving first (GNU Go's owl and semeai questions).

# --- Straight three on the edge: White's eye space A1 B1 C1, vital
# point B1. White to move plays B1 and has two eyes; Black to move plays
# B1 and White is dead. At the end of the game (no colour) the attacker
# moves first in the confirmation (art. 7-1): dead.
#
#      A B C D E F G H J
#    3 X X X X X . . . .
#    2 O O O O X . . . .
#    1 . . . O X . . . .
boardsize 9
clear_board
play w a2
play w b2
play w c2
play w d2
play w d1
play b a3
play b b3
play b c3
play b d3
play b e3
play b e2
play b e1
kgs-rules japanese
1 tengen-status a2 white
#? [alive]
2 tengen-status a2 black
#? [dead]
3 tengen-status d1
#? [dead]
4 tengen-status e1 white
#? [alive]
# Under Chinese rules the same: who moves first decides.
kgs-rules chinese
5 tengen-status a2 w
#? [alive]
6 tengen-status a2 b
#? [dead]

# --- Five stones on the second line from the corner, read to the end
# (src/rules/status/tsumego.rs; after GNU Go's ld2, cropped to 9x9).
# White's H9 sits inside; Black's eye space is D8, the first line and
# J7. Black dies even moving first (GNU Go: dead); one move deep the
# status playouts found Black a living try.
#
#      A B C D E F G H J
#    9 . . . . . . . O .
#    8 . O O . X X X X X
#    7 . . O O O O O O .
#    6 . . . . . . . O .
boardsize 9
clear_board
play w h9
play w b8
play w c8
play b e8
play b f8
play b g8
play b h8
play b j8
play w c7
play w d7
play w e7
play w f7
play w g7
play w h7
play w h6
kgs-rules japanese
21 tengen-status e8 black
#? [dead]
22 tengen-status e8 white
#? [dead]
# Without White's H9 the first move decides: Black lives.
boardsize 9
clear_board
play w b8
play w c8
play b e8
play b f8
play b g8
play b h8
play b j8
play w c7
play w d7
play w e7
play w f7
play w g7
play w h7
play w h6
23 tengen-status e8 black
#? [alive]
24 tengen-status e8 white
#? [dead]

# --- A capturing race won by a nakade (after GNU Go's test3win and
# test3lose). Black's F7 group has one outside liberty (E6), the
# straight three G6 H6 J6 and a liberty it shares with White (G4);
# White's F4 group has five outside liberties. White to move plays the
# nakade H6 and takes Black first; the liberty count, with White known
# to start, overrules status playouts that were unsure. With one White
# liberty fewer (Black at H2) Black wins even with White to move.
#
#      A B C D E F G H J
#    9 . . . . . . . . .
#    8 . . . . O O O O O
#    7 . . . O O X X X X
#    6 . . . . . X . . .
#    5 . . X O O X X X X
#    4 . . X X X O . O O
#    3 . . . . . O O O .
#    2 . . . X X . . . X
#    1 . . . . . X X X .
boardsize 9
clear_board
play w e8
play w f8
play w g8
play w h8
play w j8
play w d7
play w e7
play b f7
play b g7
play b h7
play b j7
play b f6
play b c5
play w d5
play w e5
play b f5
play b g5
play b h5
play b j5
play b c4
play b d4
play b e4
play w f4
play w h4
play w j4
play w f3
play w g3
play w h3
play b d2
play b e2
play b j2
play b f1
play b g1
play b h1
kgs-rules japanese
30 tengen-status f4 white
#? [alive]
31 tengen-status f7 white
#? [dead]
play b h2
32 tengen-status f4 white
#? [dead]
33 tengen-status f7 white
#? [alive]

# --- A threat the last move left, answered before the count. Black's
# F5-F6 has no eye in White's area and joins D5-D6 at E5 or E6. White's
# last move, E5, threatens the cut at E6; the game stops there, Black to
# play, and Black's answer at E6 is understood: F5-F6 is alive. Japanese
# count: Black 18 (A-B), White 33, komi 6.5 -> W+21.5.
#
#      A B C D E F G H J
#    9 . . X O . . . . .
#    8 . . X O . . . . .
#    7 . . X O O O O . .
#    6 . . X X . X O . .
#    5 . . X X W X O . .
#    4 . . X O O O O . .
#    3 . . X O . . . . .
#    2 . . X O . . . . .
#    1 . . X O . . . . .
boardsize 9
clear_board
play b c1
play b c2
play b c3
play b c4
play b c5
play b c6
play b c7
play b c8
play b c9
play b d5
play b d6
play b f5
play b f6
play w d1
play w d2
play w d3
play w d4
play w e4
play w f4
play w g4
play w g5
play w g6
play w g7
play w f7
play w e7
play w d7
play w d8
play w d9
play w e5
kgs-rules japanese
40 final_status_list dead
#? []
41 final_score
#? [W\+21\.5]
