# Playing moves: captures, ko, same colour twice, undo, komi persistence.
# Failure texts are asserted in engine_io.rs (gogui-regress counts every `?`
# as a fail, so .tst files only test successes).

boardsize 5
clear_board

# A capture: white C3 is taken by black C2.
#  5 . . . . .
#  4 . . X . .
#  3 . X O X .
#  2 . . . . .
#  1 . . . . .
play b c4
play b b3
play b d3
play w c3
10 play b c2
#? []
11 showboard
#? [.*Black \(X\) has captured 1 stones.*]
# The captured point is empty again: White may play there (it is not ko,
# White has liberties... C3 is surrounded by black: suicide for White),
# Black may fill it.
12 play b c3
#? []

# Undo takes back the fill, then the capture.
13 undo
#? []
14 undo
#? []
15 showboard
#? [.*Black \(X\) has captured 0 stones.*]
16 printsgf
#? [.*;B\[cc\];B\[bc\];B\[dc\];W\[cc\]\)\s*|.*;B\[cb\]\n;B\[bc\]\n;B\[dc\]\n;W\[cc\]\)\s*]

# Ko: black takes at C3 after white's stone there is captured... set up a
# fresh ko on an empty board.
clear_board
#  5 . . . . .
#  4 . X O . .
#  3 X O . O .
#  2 . X O . .
#  1 . . . . .
play b b4
play b a3
play b b2
play w c4
play w b3
play w d3
play w c2
# Black captures B3 at C3.
20 play b c3
#? []
# White may retake only after a move elsewhere (simple ko).
play w e5
play b e1
21 play w b3
#? []

# Komi survives boardsize and clear_board.
komi 5.5
boardsize 7
clear_board
30 printsgf
#? [.*SZ\[7\]KM\[5\.5\].*]

# The same colour may play twice in a row; passes in any case.
31 play b d4
#? []
32 play b e5
#? []
33 play W PASS
#? []
34 play white Pass
#? []
35 printsgf
#? [.*;B\[dd\]\n;B\[ec\]\n;W\[\]\n;W\[\]\)\s*]
