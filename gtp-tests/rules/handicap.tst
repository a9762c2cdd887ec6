# Handicap commands (spec §4.1.1 table, gtp-clients.md §1.6).

boardsize 9
clear_board
1 fixed_handicap 9
#? [C3 G7 C7 G3 C5 G5 E7 E3 E5]

boardsize 19
clear_board
2 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]

clear_board
3 fixed_handicap 2
#? [D4 Q16]
# White moves next; handicap stones are not undone.
4 play w q4
#? []
5 undo
#? []
6 printsgf
#? [.*HA\[2\]\nAB\[dp\]\[pd\]PL\[W\]\)\s*]

boardsize 13
clear_board
7 fixed_handicap 4
#? [D4 K10 D10 K4]

boardsize 7
clear_board
8 fixed_handicap 4
#? [C3 E5 C5 E3]

# The engine's free placement: the fixed layout first.
boardsize 19
clear_board
10 place_free_handicap 4
#? [D4 Q16 D16 Q4]

clear_board
11 place_free_handicap 12
#? [(\S+ ){11}\S+]

# set_free_handicap accepts any distinct points.
boardsize 9
clear_board
20 set_free_handicap a1 J9 e5
#? []
21 printsgf
#? [.*HA\[3\]\nAB\[ai\]\[ee\]\[ia\]PL\[W\].*]
