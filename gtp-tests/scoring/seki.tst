# Seki (Japanese rules art. 8: live stones with a dame are seki stones,
# their eyes are not territory; Chinese: seki eyes count for their owner,
# shared liberties for nobody).

# --- Seki without eyes in the top-left corner: the black A7-A9 chain and
# the six White stones share B8 and B9; either side filling one is
# captured. Black's outer wall owns the other 62 points.
loadsgf ../games/scoring/seki-no-eyes.sgf
kgs-rules japanese
1 final_status_list seki
#? [A6 B6 B7 C7 C8 C9\nA7 A8 A9]
2 final_status_list dead
#? []
3 final_score
#? [B\+55\.5]
4 final_status b8
#? [dame]
kgs-rules chinese
5 final_score
#? [B\+60\.5]

# --- Seki with one eye each and one shared liberty (C9): Black's eye A9
# and White's eye E9 are worth nothing under Japanese rules
# (B 36, W 12 + 6.5 -> B+17.5) and count for their owners under Chinese
# rules (B 16 + 36 + 1 = 53, W 14 + 12 + 1 + 6.5 -> B+19.5).
loadsgf ../games/scoring/seki-with-eyes.sgf
kgs-rules japanese
10 final_status_list seki
#? [A8 B8 C8 B9\nD8 E8 F8 D9 F9]
11 final_score
#? [B\+17\.5]
12 final_status a9
#? [dame]
kgs-rules chinese
13 final_score
#? [B\+19\.5]
