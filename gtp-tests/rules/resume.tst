# Japanese rules 1989, art. 9-3: after both players pass, a player may ask
# to resume play, and then the opponent moves first. GTP has no "resume"
# request: a controller (KGS, GoGui) expresses it by sending `play` for
# that opponent after the two passes, and the engine accepts it; the game
# then goes on as usual and is counted again when it next stops.

boardsize 9
clear_board
kgs-rules japanese
play b e5
play w e4
play b pass
play w pass

# The position after the stop can be counted.
1 final_score
#? [[BW]\+\d+\.\d|0]

# Black asked to resume: White moves first.
2 play w d5
#? []

3 genmove b
#? [[A-HJ][1-9]|pass]

# Resumption with the same colour that passed last (White asked, Black
# moves first) is accepted too: the engine never rejects a colour.
4 play b pass
#? []

5 play w pass
#? []

# (A9: a point the genmove above does not take, whatever it chooses
# among sensible moves.)
6 play b a9
#? []

7 printsgf
#? [.*;B\[ee\]\n;W\[ef\]\n;B\[\]\n;W\[\]\n;W\[de\]\n;B\[[a-i][a-i]\]\n;B\[\]\n;W\[\]\n;B\[aa\]\)]
