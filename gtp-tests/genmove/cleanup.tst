# kgs-genmove_cleanup: capture every dead opponent stone, never fill an own
# eye, then pass.

# A White stone thrown into Black's area and put in atari: Black captures
# it at C5, then has nothing left to clean up and passes.
loadsgf ../games/scoring/split.sgf
play w b5
play b a5
play b b4
play b b6
1 kgs-genmove_cleanup b
#? [C5]
2 kgs-genmove_cleanup b
#? [pass]

# dead.sgf: White attacks the dead Black stone G5 (one of its liberties).
loadsgf ../games/scoring/dead.sgf
3 kgs-genmove_cleanup w
#? [G4|G6|F5|H5]

# reg_genmove never resigns and never plays; cputime answers a number.
4 cputime
#? [\d+\.\d+]
