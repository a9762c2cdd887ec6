# Life and death by the Japanese rules (1989), art. 7: the confirmation.
#
# Art. 7-1: stones are alive when the opponent cannot capture them, or when,
# if they are captured, their owner can then place a new stone that cannot
# be captured; all others are dead. Art. 7-2: in the confirmation after the
# stop, a ko may be retaken only after passing once for that ko, and there
# are no ko threats. Art. 8: live stones next to a dame are seki stones and
# their eyes are not territory. Art. 10-1: dead stones are removed only from
# the opponent's territory.
#
# Tengen reads each small local problem exactly (src/rules/confirm.rs):
# the attacker first, both may pass, per-ko pass-for-ko bans, no outside
# threats. `tengen-score_details` ends with one line per chain saying what
# decided it. Under Chinese rules life is judged by play: the same search
# decides only where its verdict is the same whichever side has every ko
# threat; otherwise the status playouts judge.
#
# Positions are in ../games/confirmation/, Black X, White O.

# --- Bent four in the corner: dead without play, whatever the ko threats.
# White can start the ko whenever it likes (W A1, or W C1 sacrificing
# four); Black, bound by art. 7-2, can only pass for it, and White captures.
# White's inner stones B1 and A2 cannot be captured. (The shape is the
# usual end position; Black's seven stones have liberties A3 and C1.)
#
#    5  O O O . . . . . .
#    4  X X O . . . . . .
#    3  . X O O O . . . .
#    2  O X X X O . . . .
#    1  . O . X O . . . .
#       A B C D E F G H J
#
# White 27 points of territory + 7 dead stones (point and prisoner each)
# + komi 6.5 = 47.5 against 0.
loadsgf ../games/confirmation/bent4.sgf
kgs-rules japanese
1 final_status_list dead
#? [D1 B2 C2 D2 B3 A4 B4]
2 final_status b1
#? [alive]
3 final_score
#? [W\+47\.5]
4 tengen-score_details
#? [.*black D1 \(7 stones\): dead by confirmation \(art\. 7\).*]
# Chinese rules settle it by play, and the ko decides who wins it: play
# goes on until the ko threats are used up, and then White starts the ko
# (盘角曲四，劫尽棋亡: bent four is dead once the threats are gone). Tengen
# reads it without threats, from both sides: White moving first captures,
# and Black moving first has nothing better than passing, so the verdict
# does not depend on the tempo and stands. Area count: White 27 territory
# + 47 stones + 7 points under the dead stones + 6.5 = 87.5.
kgs-rules chinese
5 final_status_list dead
#? [D1 B2 C2 D2 B3 A4 B4]
6 final_score
#? [W\+87\.5]
7 tengen-score_details
#? [.*black D1 \(7 stones\): dead by local reading.*]

# --- Direct ko left open at the stop (commentary to art. 7-2, 参考図9; the
# shape is ours, the reasoning the commentary's). Black's seven stones
# B1 A2 B2 C2 and D1 live only if D1 survives: White C1 takes it in a ko,
# Black may not retake without passing for the ko (no threats), and then
# W A1 captures all. So they are dead. White's E1 is dead as well: the
# protective move Black should have played, F1, captures it. Both sides'
# stones are dead; the corner borders live stones of both colours, so it
# is nobody's territory and the dead stones stay (art. 10-1).
#
#    3  O O O O O X . . .
#    2  X X X O X X . . .
#    1  . X . X O . X . .
#       A B C D E F G H J
#
# F1 is in that corner region too (next to the dead E1), so it is not
# Black's territory under art. 9: it is the very point Black should have
# filled (teire). Black 26, White 24 + 6.5 -> W+4.5. Black's F1 would
# have saved the seven stones: genmove plays it rather than pass
# (../genmove/endgame.tst). Under area counting the dame are filled
# before counting, and F1 (where White cannot play) is Black's.
loadsgf ../games/confirmation/directko.sgf
kgs-rules japanese
10 final_status_list dead
#? [B1 A2 B2 C2\nD1\nE1]
11 final_score
#? [W\+4\.5]
12 tengen-score_details
#? [.*black D1 \(1 stone\): dead by confirmation \(art\. 7\).*white E1 \(1 stone\): dead by confirmation \(art\. 7\).*]
# Chinese: the same verdicts whichever side has the ko threats (W A1
# after C1 needs no threat), so the local search decides here too.
kgs-rules chinese
13 final_status_list dead
#? [B1 A2 B2 C2\nD1\nE1]
14 final_score
#? [W\+5\.5]

# --- One-move approach ko (commentary to art. 7-2, 参考図10): no
# reinforcement needed. White cannot take at C1 before filling D2; then
# Black answers (F1 takes E1, or retakes after passing for the ko) and
# lives. White's E1 is dead (B F1). Same verdict under both rules.
#
#    3  O O O O O X . . .
#    2  X X X . X X . . .
#    1  . X . X O . X . .
#       A B C D E F G H J
#
# Black 29 + 1 stone removed (x2) = 31; White 24 + 6.5 = 30.5. Chinese:
# Black 15 stones + 29 + E1 + the dame D2, which Black (to move) fills
# first = 46; White 11 + 24 + 6.5 = 41.5.
loadsgf ../games/confirmation/approachko.sgf
kgs-rules japanese
20 final_status_list dead
#? [E1]
21 final_status d1
#? [alive]
22 final_score
#? [B\+0\.5]
kgs-rules chinese
23 final_status_list dead
#? [E1]
24 final_score
#? [B\+4\.5]

# --- Three points without capturing, 取らず三目 (死活例1): seki. Black's
# dango B1 C1 B2 C2 and White's A2 share the liberty A1. If White takes
# the four at A1, Black cuts at B2 and keeps stones White cannot capture;
# if Black takes A2 at A1, White takes five back at A2 and cuts. Both are
# alive (art. 7-1), both touch the dame A1: seki stones (art. 8), and the
# corner is worth nothing. The 1949 ruling gave Black 3 points here
# (B+17.5); the 1989 rules changed it.
#
#    5  X X X X X X X X X
#    4  X X X O O O O O O
#    3  X O O O . . . . .
#    2  O X X O . . . . .
#    1  . X X O . . . . .
#       A B C D E F G H J
#
# Black 36, White 15 + 6.5 -> B+14.5. Chinese (seki stones count, A1 for
# nobody): Black 17 + 36 = 53, White 12 + 15 + 6.5 = 33.5 -> B+19.5.
loadsgf ../games/confirmation/torazu.sgf
kgs-rules japanese
30 final_status_list seki
#? [B1 C1 B2 C2\nA2]
31 final_status_list dead
#? []
32 final_status a1
#? [dame]
33 final_score
#? [B\+14\.5]
kgs-rules chinese
34 final_score
#? [B\+19\.5]

# --- Double-ko seki, 両劫ゼキ (死活例25). Black's seven stones and White's
# fifteen live by two kos at A3 and C4. Neither main group can be captured:
# whoever takes one ko, the other takes the other. The single ko stones A4
# (Black) and C3 (White) are dead (a stone retaken in a ko is no stone
# "that cannot be captured"), but they stand in nobody's territory, so
# they stay (art. 10-1); A3, A4, C3, C4 are dame and both main groups are
# seki stones, their eyes (A1, E4) not territory.
#
#    6  X X X X X X X . .
#    5  O O O O O O X . .
#    4  X O . O . O X . .
#    3  . X O X O O X . .
#    2  X X X X O X X . .
#    1  . X O O O X . . .
#       A B C D E F G H J
#
# Black 40 points of territory; White 0 + 6.5 -> B+33.5.
loadsgf ../games/confirmation/doubleko.sgf
kgs-rules japanese
40 final_status_list dead
#? [C3\nA4]
41 final_status_list seki
#? [B1 A2 B2 C2 D2 B3 D3\nC1 D1 E1 E2 E3 F3 B4 D4 F4 A5 B5 C5 D5 E5 F5]
42 final_status a3
#? [dame]
43 final_status e4
#? [dame]
44 final_score
#? [B\+33\.5]
# Chinese rules: whoever moves first, without ko threats the reading ends
# the same (each side takes one ko), so it stands: seki, the ko stones
# dead but not removable. Area: Black 40 + the seki eye A1 + 20 stones =
# 61; White the eye E4 + 15 stones + 6.5 = 22.5.
kgs-rules chinese
45 final_status_list seki
#? [B1 A2 B2 C2 D2 B3 D3\nC1 D1 E1 E2 E3 F3 B4 D4 F4 A5 B5 C5 D5 E5 F5]
46 final_score
#? [B\+38\.5]

# --- Snapback (打って返し, commentary to art. 7-1, 参考図7). White can take
# Black's A1 at B1, but its five stones are then in atari at A1 and Black
# takes them back: the new stone at A1 cannot be captured, so A1 is alive.
# White's four stones are dead (B B1 captures them). No ko: both rules.
#
#    3  X X X X . . . . .
#    2  O O O X . . . . .
#    1  X . O X . . . . .
#       A B C D E F G H J
#
# Black 70 + 4 removed (x2) = 78; White 6.5.
loadsgf ../games/confirmation/snapback.sgf
kgs-rules japanese
50 final_status_list dead
#? [C1 A2 B2 C2]
51 final_status a1
#? [alive]
52 final_score
#? [B\+71\.5]
kgs-rules chinese
53 final_status_list dead
#? [C1 A2 B2 C2]
54 final_score
#? [B\+74\.5]

# --- A moonshine-life shape (摇橹劫): Black's second eye is a ko that only
# White can ever end. Black's one real eye is A1; D1 has the single
# liberty C1, so W C1 takes it in a ko, and Black can never settle it
# (filling C1 destroys his own eye). In play Black lives as long as he has
# threats; in the confirmation there are none (art. 7-2): W C1, Black may
# only pass for the ko, W fills D1's point and captures. Dead.
#
#    3  O O O O O O X . .
#    2  X X X O O O X . .
#    1  . X . X O O X . .
#       A B C D E F G H J
#
# White 27 + 5 stones removed (x2) + 6.5 = 43.5, Black 18. Chinese: a ko
# decides, so the playouts judge (dead too): White 22 + 27 + 5 + 6.5 =
# 60.5, Black 9 + 18 = 27.
loadsgf ../games/confirmation/moonshine.sgf
kgs-rules japanese
60 final_status_list dead
#? [B1 A2 B2 C2\nD1]
61 final_score
#? [W\+25\.5]
62 tengen-score_details
#? [.*black B1 \(4 stones\): dead by confirmation \(art\. 7\).*]
kgs-rules chinese
63 final_status_list dead
#? [B1 A2 B2 C2\nD1]
64 final_score
#? [W\+33\.5]

# --- Eternal life (長生, 死活例6). The classic shape (the one KataGo's rules
# tests cycle through), set in a finished 9x9 game. If White plays C1
# first, the five White stones become a bulky five in atari: Black takes
# them and White's stone on the vital point kills. If Black plays C1
# first, he only starts a cycle: B C1 (two stones in atari), W E1 takes
# two, B D1 takes two back, W F1 throws in, and the position repeats. In
# the confirmation a line that only repeats is not a capture (7-1), so the
# commentary's verdict: the ten Black stones A2 A3 B3 C3 D3 E3 E2 F2 D1 G1
# are dead, the four White stones B1 B2 C2 D2 alive, and White need not
# add a stone. GNU Go 3.8 agrees (the same ten dead, W+43.5).
#
#    4  O O O O O O . . O
#    3  X X X X X O . . O
#    2  X O O O X X O O O
#    1  . O . X . O X . O
#       A B C D E F G H J
#
# White 18 + 4 empty corner points + 10 dead stones removed (point and
# prisoner each) + 6.5 = 48.5; Black 5. White's F1 is dead too (B E1
# takes it), but it stands in White's own territory and counts nothing.
# Reading: White's inner stones are read alive in about 150,000 nodes,
# Black's main chain dead in about 14,000. Under Chinese rules, where
# positional superko forbids White's throw-in when it would repeat the
# position, who moves first decides, so the playouts judge (no test).
loadsgf ../games/confirmation/eternal.sgf
kgs-rules japanese
70 final_status_list dead
#? [D1\nF1\nG1\nA2 E2 F2 A3 B3 C3 D3 E3]
71 final_status b1
#? [alive]
72 final_score
#? [W\+43\.5]
73 tengen-score_details
#? [.*white B1 \(4 stones\): alive by confirmation \(art\. 7\).*black A2 \(8 stones\): dead by confirmation \(art\. 7\).*]

# --- A capturing race lost: the new stone that only joins a wall.
# Black's B1 B2 B3 C3 and White's D1 D2 D3 have no eyes and share C1 and
# C2; White also has E1 and E2 outside. White fills C2 and C1 and captures
# four. A Black stone on E1 or E2 then only joins Black's living wall: it
# "cannot be captured", but it is no new stone placed in the race's place,
# and White's chain, with the captured space, does not fall to it. So
# Black's four stones are dead and White's three alive.
#
#    5  . . O O X . . . .
#    4  O O O X X X . . .
#    3  O X X O X X . . .
#    2  O X . O . X . . .
#    1  O X . O . X . . .
#       A B C D E F G H J
#
# Black 32 territory; White 16 territory (C1 C2 and the four points under
# the dead stones among them) + 4 dead stones (point and prisoner each)
# + 6.5 = 30.5; E1 and E2 are dame. Chinese: Black 32 + 12 stones = 44
# against White 16 + 4 + 15 stones + 6.5 = 41.5.
loadsgf ../games/confirmation/wallrace.sgf
kgs-rules japanese
80 final_status_list dead
#? [B1 B2 B3 C3]
81 final_score
#? [B\+1\.5]
82 tengen-score_details
#? [.*white D1 \(3 stones\): alive by confirmation \(art\. 7\).*]
kgs-rules chinese
83 final_status_list dead
#? [B1 B2 B3 C3]
84 final_score
#? [B\+2\.5]
