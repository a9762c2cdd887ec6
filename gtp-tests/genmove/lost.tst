# A lost game ends: when the opponent has just passed, the count (the one
# final_score gives if Tengen passes too) loses, and no move can change the
# winner, genmove passes; it never fills its own territory or eyes to put
# off the end (issue 43: behind by ~15 points under Chinese rules, Tengen
# played 83 moves inside its own area while GNU Go passed each time).
# Where a move can still change the winner, it plays it.

# split.sgf: a wall down the middle, Black's side one column smaller;
# W+15.5. Without White's pass Black plays on (endgame.tst); after it,
# every point left is Black's own area or White's territory.
loadsgf ../games/scoring/split.sgf
kgs-rules chinese
1 final_score
#? [W\+15\.5]
play w pass
2 genmove b
#? [(?i)pass]

# The same under Japanese counting (a move inside one's own territory
# costs a point there).
loadsgf ../games/scoring/split.sgf
kgs-rules japanese
play w pass
3 reg_genmove b
#? [(?i)pass]

# 19x19, Chinese rules, W+64.5: the shape of the reported game.
loadsgf ../games/endgame/split19.sgf
kgs-rules chinese
play w pass
4 genmove b
#? [(?i)pass]

# --- A move that changes the winner is played. one-dame.sgf: E9 is the
# only dame; counted as the position stands (chinese-kgs: open dame are
# no one's), komi -7.5, White wins by 0.5. White passes; Black filling E9
# wins by 0.5, so Black must not pass (nor play inside its own area).
loadsgf ../games/endgame/one-dame.sgf
kgs-rules chinese-kgs
komi -7.5
5 final_score
#? [W\+0\.5]
play w pass
6 genmove b
#? [E9]
7 final_score
#? [B\+0\.5]

# With komi -5.5 the count is W+2.5: the one dame is worth at most 2
# points, so nothing changes the winner and Black passes.
loadsgf ../games/endgame/one-dame.sgf
kgs-rules chinese-kgs
komi -5.5
8 final_score
#? [W\+2\.5]
play w pass
9 genmove b
#? [(?i)pass]

# --- A real game (scripts/clockcheck.py: GNU Go 3.8 level 10 took 3
# stones, Tengen White with --resign-threshold 0, Chinese rules). Before
# move 77 GNU Go passed with every White chain dead (B+77.5):
#
#    2  O X X . X X X O .
#    1  O O . X . O X O X
#
# J2 would capture J1 (a stone the judgement calls alive: the White
# stones around it are dead), but the count after it is still B+77.5, so
# nothing changes the winner and White passes (it played J2 before).
loadsgf ../games/endgame/lost-gnugo.sgf 77
10 final_score
#? [B\+77\.5]
11 genmove w
#? [(?i)pass]

# --- A capture that changes the winner is played, not a pass.
# eye-capture.sgf, Tromp-Taylor (no dead stones: every stone counts):
#
#    6  . . . X X O O O O
#    5  . . . X O . O O .
#    4  . . . X X O O O O
#
# White's E5 is in atari at F5, a point of White's own area, so no open
# point is left and only the capture can change the count. With komi
# -4.5 the count is W+0.5; after Black's F5 takes E5, E5 and F5 are
# Black's: B+3.5. White passes; Black must capture (a pass loses).
loadsgf ../games/endgame/eye-capture.sgf
kgs-rules tromp-taylor
komi -4.5
12 final_score
#? [W\+0\.5]
play w pass
13 genmove b
#? [F5]
14 final_score
#? [B\+3\.5]

# The converse: with komi -0.5 the count is W+4.5 and W+0.5 after the
# capture, which changes nothing: Black passes.
loadsgf ../games/endgame/eye-capture.sgf
kgs-rules tromp-taylor
komi -0.5
15 final_score
#? [W\+4\.5]
play w pass
16 genmove b
#? [(?i)pass]
