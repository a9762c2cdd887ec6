# Rule sets: names, komi defaults, ko rules, art. 12 repetition.

# The default rules are Japanese with komi 6.5; a rules change moves a komi
# that was never set explicitly, and keeps one that was.
boardsize 9
clear_board
1 printsgf
#? [.*KM\[6\.5\]RU\[Japanese\].*]
kgs-rules chinese
2 printsgf
#? [.*KM\[7\.5\]RU\[Chinese\].*]
kgs-rules new_zealand
3 printsgf
#? [.*KM\[7\]RU\[NZ\].*]
komi 5
kgs-rules aga
4 printsgf
#? [.*KM\[5\]RU\[AGA\].*]
kgs-rules japanese
5 showboard
#? [.*komi 5, rules japanese.*]

# Ko. Position (5x5): Black B4 A3 B2, White C4 B3 D3 C2; Black takes the
# ko at C3.
loadsgf ../games/ko.sgf
kgs-rules japanese
play b c3
# Simple ko: no immediate retake.
10 is_legal w b3
#? [0]
play w pass
play b pass
# After passes the retake is legal under simple ko (Japanese)...
11 is_legal w b3
#? [1]
kgs-rules chinese
# ...but repeats the position: illegal under positional superko (Chinese)
# and situational superko (AGA).
12 is_legal w b3
#? [0]
kgs-rules aga
13 is_legal w b3
#? [0]

# Art. 12: a ko taken back and forth with passes in between is not a
# cycle: a pass starts the count again (KataGo counts the same way).
kgs-rules japanese
play w b3
play b pass
play w pass
play b c3
play w pass
play b pass
play w b3
play b pass
play w pass
play b c3
20 tengen-result
#? [[BW]\+.*]

# Art. 12, triple ko: three kos (../games/tripleko.sgf, 13x13; White's
# stones in the kos at B3 and G3, Black's at C8). B C3, W B8, B H3, W B3,
# B C8, W G3 brings the whole board back with Black to move. After one
# cycle and five more moves, W G3 would repeat the position a third time:
# the game would end without result. Winning, White does not play it;
# losing, it does.
loadsgf ../games/tripleko.sgf
kgs-rules japanese
play b c3
play w b8
play b h3
play w b3
play b c8
play w g3
play b c3
play w b8
play b h3
play w b3
play b c8
21 tengen-result
#? [[BW]\+.*]
komi 80.5
22 reg_genmove w
#? [!(?i)g3]
komi -80.5
23 genmove w
#? [(?i)g3]
24 tengen-result
#? [no result.*art\. 12.*]


# Tromp-Taylor counts every stone on the board as alive and empty points
# by reachability only: dead.sgf gives B 10 stones, W 11 stones + 6.5.
loadsgf ../games/scoring/dead.sgf
kgs-rules tromp-taylor
30 final_score
#? [W\+7\.5]
30 final_status_list dead
#? []
