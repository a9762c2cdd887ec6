# End of the game under territory scoring: a move inside one's own
# territory costs a point, so with every empty point someone's territory
# (no dame left) and the count winning, genmove passes first. Under area
# scoring such moves cost nothing and the engine plays on until the
# opponent passes.

# split.sgf: a wall down the middle, W+15.5 under Japanese rules.
loadsgf ../games/scoring/split.sgf
kgs-rules japanese
1 reg_genmove w
#? [pass]

# Black is losing: it does not pass first.
2 reg_genmove b
#? [!pass]

# dame.sgf: the walls stand one column apart, so column E is dame; White
# wins by komi (W+6.5) but does not pass first while dame are left.
loadsgf ../games/scoring/dame.sgf
kgs-rules japanese
3 final_status_list dame
#? [.+]

4 reg_genmove w
#? [!pass]

# Area scoring: White plays on (the opponent has not passed).
loadsgf ../games/scoring/split.sgf
kgs-rules chinese
5 reg_genmove w
#? [!pass]

# --- Teire under the 1989 rules. The open direct ko of
# ../rules/confirmation.tst: Black's seven stones are dead if the game
# stops now (art. 7-2: White takes the ko at C1 and Black cannot retake
# without passing). Black is far ahead (komi -30.5), so the count says a
# pass wins, but F1 (capturing White's E1, which gives D1 a liberty) saves
# the stones: Black plays it rather than pass, then passes.
#
#    2  X X X O X X . . .
#    1  . X . X O . X . .
loadsgf ../games/confirmation/directko.sgf
kgs-rules japanese
komi -30.5
play w pass
40 genmove b
#? [F1]
play w pass
41 genmove b
#? [(?i)pass]
42 final_status_list dead
#? []

# --- The one-move approach ko needs no reinforcement (art. 7-2): White
# must fill D2 before it can take at C1, so Black is alive and passes.
loadsgf ../games/confirmation/approachko.sgf
kgs-rules japanese
komi -30.5
play w pass
43 genmove b
#? [(?i)pass]
