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
