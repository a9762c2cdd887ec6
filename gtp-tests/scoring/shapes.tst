# Textbook eye shapes at the end of a game, each under both rule sets.
# GNU Go 3.8 agrees on every dead list here.

# --- Squared four (dead whoever moves): White's eye space B2 C2 B3 C3
# is a 2x2 block, which never makes two eyes; White's outside liberty at
# D1 does not help. Both white chains are dead under every rule set: the
# local reading settles it with no ko that matters, so Chinese rules use
# it too. Japanese: Black's 63 empty points + 2 x 10 = 83 vs 6.5 ->
# B+76.5; Chinese: 81 - 6.5 -> B+74.5.
#
#      A B C D E F G H J
#    5 X X X X . . . . .
#    4 O O O X . . . . .
#    3 O . . O X . . . .
#    2 O . . O X . . . .
#    1 O O O . X . . . .
loadsgf ../games/scoring/squared-four.sgf
kgs-rules japanese
1 final_status_list dead
#? [A1 B1 C1 A2 A3 A4 B4 C4\nD2 D3]
2 final_score
#? [B\+76\.5]
kgs-rules chinese
3 final_status_list dead
#? [A1 B1 C1 A2 A3 A4 B4 C4\nD2 D3]
4 final_score
#? [B\+74\.5]

# --- Straight three with the enemy stone on its vital point: White's eye
# space A1 B1 C1 holds Black's B1; White capturing it at A1 or C1 puts
# itself in atari, and Black takes all. White is dead, Black's B1 alive
# (inside its own area once White is removed). Japanese: 68 empty points
# + 2 x 5 = 78 vs 6.5 -> B+71.5; Chinese: 81 - 6.5 -> B+74.5.
#
#      A B C D E F G H J
#    3 X X X X X . . . .
#    2 O O O O X . . . .
#    1 . X . O X . . . .
loadsgf ../games/scoring/straight-three.sgf
kgs-rules japanese
5 final_status_list dead
#? [D1 A2 B2 C2 D2]
6 final_status B1
#? [alive]
7 final_score
#? [B\+71\.5]
kgs-rules chinese
8 final_status_list dead
#? [D1 A2 B2 C2 D2]
9 final_score
#? [B\+74\.5]

# --- Teire: Black's H9 has two liberties, the dame G9 and J9 in Black's
# corner. Once White fills the dame, H9 is in atari and Black must
# connect at J9, so under territory counting J9 is not Black's territory:
# Black J1-J6 = 6, White's left side 52 -> W+46 (komi 0). G9 and J9 are
# reported as dame.
#
#      A B C D E F G H J
#    9 . . . . . O . X .
#    8 . . . . . O O O X
#    7 . . . . . . O X X
#    6 . . . . . . O X .
#    ...
#    1 . . . . . . O X .
loadsgf ../games/scoring/teire.sgf
kgs-rules japanese
10 final_status_list dead
#? []
11 final_score
#? [W\+46\.0]
12 tengen-score_details
#? [.*black: territory 6, .*, teire 1, .*]
13 final_status J9
#? [dame]

# OGS's territory count (japanese-ogs, how `tengen score` counts OGS
# records) deducts no teire: H1 is Black's territory, 7 points -> W+45.
kgs-rules japanese-ogs
31 final_score
#? [W\+45\.0]
32 tengen-score_details
#? [.*black: territory 7, .*, teire 0, .*]

# --- Who fills the dame first. White's E3 has two liberties, D3 in White's
# territory and the dame E4. Black's E1-E2 has two, F1 and F2, both in
# Black's territory, and is short of liberties: a White stone placed at F2
# cannot be taken at once and leaves E1-E2 in atari, so Black must add a
# stone at F1. The game stopped with Black to play: Black fills E4 in
# sente, White adds D3 (teire); Black adds F1. White A-C and D1-D2 = 27,
# Black F-J without F1 and F3-F4 = 33 -> B+6 (komi 0). With White to play
# (below), White fills E4 himself, owes no teire and keeps D3: B+5.
#
#      A B C D E F G H J
#    9 . . . O X . . . .
#    ...
#    5 . . . O X . . . .
#    4 . . . O . X . . .
#    3 . . . . O X . . .
#    2 . . . O X . . . .
#    1 . . . O X . . . .
loadsgf ../games/scoring/teire-black-first.sgf
kgs-rules japanese
14 final_status_list dead
#? []
15 final_score
#? [B\+6\.0]
16 tengen-score_details
#? [.*black: territory 33, .*, teire 1, .*\nwhite: territory 27, .*, teire 1, .*]
17 final_status D3
#? [dame]
18 final_status E4
#? [dame]
loadsgf ../games/scoring/teire-white-first.sgf
kgs-rules japanese
181 final_score
#? [B\+5\.0]
182 tengen-score_details
#? [.*black: territory 33, .*, teire 1, .*\nwhite: territory 28, .*, teire 0, .*]
183 final_status D3
#? [white_territory]

# --- A ko left at the border is its owner's to connect, and it is not
# seki. White's E9 is in atari and its last liberty D9 only White's stones
# touch: Black's capture there would be a ko that the players did not
# fight, so White connects at D9 in the dame phase whoever plays first
# (of 1,500 professional records, 22 count differently by this rule: the
# connection gives the recorded result in 17 of them, the capture in 5).
# Both walls have liberties all along their own sides, so this is not a
# double-ko seki (死活例25, in ../rules/confirmation.tst, where the kos are
# the groups' only liberties besides one eye). Black F1-F8 and G-J = 35,
# White A-C without C9 = 26 (D9 filled) -> B+9 (komi 0).
#
#      A B C D E F G H J
#    9 . . O . O X . . .
#    8 . . . O X . . . .
#    ...
#    1 . . . O X . . . .
loadsgf ../games/scoring/edge-ko.sgf
kgs-rules japanese
19 final_status_list dead
#? []
20 final_status_list seki
#? []
21 final_score
#? [B\+9\.0]
22 final_status A1
#? [white_territory]
loadsgf ../games/scoring/edge-ko-white-first.sgf
kgs-rules japanese
221 final_status_list dead
#? []
222 final_score
#? [B\+9\.0]

# --- Not seki: a chain short of liberties only until it connects. White's
# A2-A4 and B2 have two liberties, A1 (shared with Black's B1) and A5. On
# the board as it stands neither side can fill A1 without self-atari, the
# test for a seki liberty; but White connects at A5, inside his own
# territory, and then fills A1 safely, so A1 is dame and both sides count
# their territory. White A5-A9 = 5, Black C1, C3 and D-J = 56 -> B+51
# (komi 0); called seki, both areas would be seki eyes and the count 0.
#
#      A B C D E F G H J
#    9 . O X . . . . . .
#    ...
#    5 . O X . . . . . .
#    4 O X X . . . . . .
#    3 O X . . . . . . .
#    2 O O X . . . . . .
#    1 . X . . . . . . .
loadsgf ../games/scoring/corner-connect.sgf
kgs-rules japanese
23 final_status_list seki
#? []
24 final_score
#? [B\+51\.0]
25 final_status A1
#? [dame]
26 final_status A7
#? [white_territory]

# --- Teire through two dame. Black's E2-E1-F1-G1 has three liberties: H1 in
# Black's territory and the dame D2 and F2, which touch nothing but the
# chain and White's stones. White fills both safely; a Black stone on
# either adds no liberty and joins nothing, so once they are filled the
# chain is in atari and Black must fill H1: teire. White A1-F9 without the
# stones = 43, Black H1 and J1-J9 less the teire = 9 -> W+34 (komi 0).
#
#      A B C D E F G H J
#    9 . . . . . . O X .
#    ...
#    4 . . . . . . O X .
#    3 . . . O O O O X .
#    2 . . O . X . O X .
#    1 . . O O X X X . .
loadsgf ../games/scoring/teire-two-dame.sgf
kgs-rules japanese
27 final_status_list dead
#? []
28 final_score
#? [W\+34\.0]
29 tengen-score_details
#? [.*black: territory 9, .*, teire 1, .*]
30 final_status D2
#? [dame]
