# The random player (until the search lands): always a legal move, never
# filling its own eye; it passes when nothing else is left.

boardsize 9
clear_board
1 genmove b
#? [[A-HJ][1-9]]
2 reg_genmove w
#? [[A-HJ][1-9]]

# reg_genmove does not play: the game still has one move.
3 printsgf
#? [\(;[^;]*;B\[[a-i][a-i]\]\)\s*]

# Only eyes left for White on this 4x4 board: White passes (uppercase or
# lowercase pass accepted by controllers; we answer `pass`).
boardsize 4
clear_board
play w b4
play w d4
play w a3
play w b3
play w c3
play w d3
play w b2
play w d2
play w a1
play w b1
play w c1
play w d1
10 genmove w
#? [pass]
11 reg_genmove b
#? [pass]
