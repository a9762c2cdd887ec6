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
