# Finished 9x9 positions counted under Japanese (territory + prisoners) and
# Chinese (area) rules. Komi comes from each SGF's KM; kgs-rules changes
# the rules but keeps that komi. Positions are in ../games/scoring/.

# --- Simple split: Black A-C (27 points), White F-J (36 points).
loadsgf ../games/scoring/split.sgf
kgs-rules japanese
1 final_score
#? [W\+15\.5]
2 final_status_list dead
#? []
kgs-rules chinese
3 final_score
#? [W\+15\.5]

# --- Dead stones inside territory: two White stones in Black's area, one
# Black stone in White's. Japanese: each removed dead stone is a point of
# territory and a prisoner: B 25+2*2=29, W 35+2*1+6.5 -> W+14.5. Chinese:
# B 9+27=36, W 9+36+6.5 -> W+15.5.
loadsgf ../games/scoring/dead.sgf
kgs-rules japanese
10 final_score
#? [W\+14\.5]
11 final_status_list dead
#? [B2\nB5\nG5]
12 final_status b5
#? [dead]
13 final_status a1
#? [black_territory]
kgs-rules chinese
14 final_score
#? [W\+15\.5]

# --- Dame: column E is neutral under Japanese rules. The Chinese count
# fills its nine points in turn, Black (to move) first: Black 5, White 4,
# so White's 6.5 komi wins by 5.5.
loadsgf ../games/scoring/dame.sgf
kgs-rules japanese
20 final_score
#? [W\+6\.5]
21 final_status_list dame
#? [E1 E2 E3 E4 E5 E6 E7 E8 E9]
kgs-rules chinese
22 final_score
#? [W\+5\.5]

# --- Japanese vs Chinese parity: Black filled one dame (E5). Territory
# counting does not change; area counting gives Black the extra stone.
loadsgf ../games/scoring/parity.sgf
kgs-rules japanese
30 final_score
#? [W\+6\.5]
kgs-rules chinese
31 final_score
#? [W\+5\.5]

# --- Prisoners taken during play: White threw in at B5 and Black captured
# it with four stones inside its own area. Japanese: B 23 + 1 prisoner
# = 24 vs W 36 + 6.5 -> W+18.5. Chinese: B 13 stones + 23 = 36, W 45 + 6.5
# -> W+15.5. (Area - territory = 3 = Black's 4 stones played - White's 1.)
loadsgf ../games/scoring/prisoners.sgf
kgs-rules japanese
40 final_score
#? [W\+18\.5]
kgs-rules chinese
41 final_score
#? [W\+15\.5]

# --- Handicap 2, komi 0.5: Chinese rules give White one point per handicap
# stone, AGA one per stone after the first, Japanese none.
loadsgf ../games/scoring/handicap.sgf
kgs-rules japanese
50 final_score
#? [W\+9\.5]
kgs-rules chinese
51 final_score
#? [W\+11\.5]
kgs-rules aga
52 final_score
#? [W\+10\.5]

# --- The engine's pass decision uses the same count: after White passes
# in the split position, Black loses by passing (W+15.5), but every point
# left is its own territory or White's, so no move changes the result and
# it passes rather than fill its own territory (genmove/lost.tst); White,
# after a Black pass, wins by passing.
loadsgf ../games/scoring/split.sgf
kgs-rules japanese
play w pass
60 reg_genmove b
#? [pass]
play b pass
61 reg_genmove w
#? [pass]
