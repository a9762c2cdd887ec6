# Seki (Japanese rules art. 8: live stones with a dame are seki stones,
# their eyes are not territory; Chinese: seki eyes count for their owner,
# shared liberties for nobody).

# --- Seki without eyes: Black's inner chain C4-C9 D4 D8 and White's inner
# chain E4-E9 D5 D6 share D9 and D7 and have no other liberty. A stone on
# either point is a self-atari, and the capture gives the capturer nine
# points to live in, so neither side fills. D7 and D9 are dame; no
# territory moves (B 29, W 7 + 6.5 -> B+15.5; Chinese B 18 + 29 = 47,
# W 25 + 7 + 6.5 -> B+8.5). GNU Go 3.8 agrees (seki, B+15.5).
#
#      A B C D E F G H J
#    9 . O X . O X . . .
#    8 O O X X O X . . .
#    7 . O X . O X . . .
#    6 O O X O O X . . .
#    5 . O X O O X . . .
#    4 O O X X O X . . .
#    3 . O O O X X . . .
#    2 O O O O X . . . .
#    1 . . . O X . . . .
loadsgf ../games/scoring/seki-no-eyes.sgf
kgs-rules japanese
1 final_status_list seki
#? [C4 D4 C5 C6 C7 C8 D8 C9\nE4 D5 E5 D6 E6 E7 E8 E9]
2 final_status_list dead
#? []
3 final_score
#? [B\+15\.5]
4 final_status d7
#? [dame]
kgs-rules chinese
5 final_score
#? [B\+8\.5]

# --- A false seki: Black A7-A9 and White's six stones share B8 and B9,
# but Black breaks it. B8 is a four-stone sacrifice: White must capture
# at B9 (else Black takes the six stones) and is left with the pyramid
# four A7 A8 A9 B8, which Black kills at A8. So White is dead and Black
# alive under every rule set: the exact local search finds it, with no ko
# on the way, so Chinese rules use it too. GNU Go 3.8 agrees (White dead).
# (Japanese: B 64 + 2x6 = 76 vs 6.5 -> B+69.5; Chinese: 81 - 6.5.)
#
#      A B C D E F G H J
#    9 X . O X . . . . .
#    8 X . O X . . . . .
#    7 X O O X . . . . .
#    6 O O X X . . . . .
#    5 X X X . . . . . .
loadsgf ../games/scoring/false-seki.sgf
kgs-rules japanese
6 final_status_list dead
#? [A6 B6 B7 C7 C8 C9]
7 final_status_list seki
#? []
8 final_score
#? [B\+69\.5]
kgs-rules chinese
9 final_status_list dead
#? [A6 B6 B7 C7 C8 C9]
10 final_score
#? [B\+74\.5]

# --- Seki with one eye each and one shared liberty (C9): Black's eye A9
# and White's eye E9 are worth nothing under Japanese rules
# (B 36, W 12 + 6.5 -> B+17.5) and count for their owners under Chinese
# rules (B 16 + 36 + 1 = 53, W 14 + 12 + 1 + 6.5 -> B+19.5).
loadsgf ../games/scoring/seki-with-eyes.sgf
kgs-rules japanese
20 final_status_list seki
#? [A8 B8 C8 B9\nD8 E8 F8 D9 F9]
21 final_score
#? [B\+17\.5]
22 final_status a9
#? [dame]
kgs-rules chinese
23 final_score
#? [B\+19\.5]
