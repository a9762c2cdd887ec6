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
