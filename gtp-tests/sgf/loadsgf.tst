# loadsgf and printsgf. Paths are relative to this file's folder, as
# gogui-regress runs each file from its own folder.

# A 9x9 game with a capture and FF[3] `tt` passes; KM and RU are read.
1 loadsgf ../games/capture9.sgf
#? []
2 showboard
#? [.*White \(O\) has captured 1 stones.*]
3 printsgf
#? [.*SZ\[9\]KM\[5\.5\]RU\[Japanese\].*;W\[\]\n;B\[\]\)\s*]

# Stopping before move 3 gives the first two moves.
4 loadsgf ../games/capture9.sgf 3
#? []
5 printsgf
#? [\(;[^;]*;B\[ee\]\n;W\[de\]\)\s*]

# Handicap game: HA and AB become handicap stones, White to move.
10 loadsgf ../games/handicap9.sgf
#? []
11 printsgf
#? [.*HA\[2\]\nAB\[cg\]\[gc\]PL\[W\]\n;W\[ee\].*]
12 undo
#? []
13 printsgf
#? [.*PL\[W\]\)\s*]

# Setup stones in later nodes (AB/AW/AE) and compressed point lists.
20 loadsgf ../games/setup5.sgf
#? []
21 showboard
#? [.*5  \. \. X \. \.  5.*1  O O O \. \.  1.*]
