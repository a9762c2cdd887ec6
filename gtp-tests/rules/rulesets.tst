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

# Art. 12: under simple ko the same cycle played out repeats the whole
# board three times: the game has no result (final_score then answers
# "cannot score").
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
#? [no result.*art\. 12.*]

# Tromp-Taylor counts every stone on the board as alive and empty points
# by reachability only: dead.sgf gives B 10 stones, W 11 stones + 6.5.
loadsgf ../games/scoring/dead.sgf
kgs-rules tromp-taylor
30 final_score
#? [W\+7\.5]
30 final_status_list dead
#? []
