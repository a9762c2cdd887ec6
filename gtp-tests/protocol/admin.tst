# Administrative commands and response framing (GTP v2 draft 2, §6.3.1).
# Every response is also checked for exact framing by the harness.

1 protocol_version
#? [2]

2 name
#? [Tengen]

# Lizzie parses version as X.Y: it must contain a dot.
3 version
#? [\d+\.\d+.*]

4 known_command play
#? [true]

5 known_command gnugo-frobnicate
#? [false]

# Command names are case-sensitive.
6 known_command PLAY
#? [false]

# kgs-chat exists only with --kgs-chat (listing it crashes some kgsGtp).
16 known_command kgs-chat
#? [false]

7 list_commands
#? [.*^list_commands$.*^play$.*^genmove$.*]

# list_commands holds every command the issue names, one per line.
8 list_commands
#? [protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\nkomi\nplay\ngenmove\nreg_genmove\nundo\nfixed_handicap\nplace_free_handicap\nset_free_handicap\ntime_settings\nkgs-time_settings\nkata-list_time_settings\nkata-time_settings\ntime_left\ntengen-clock\nloadsgf\nprintsgf\nshowboard\nkgs-game_over\nkgs-rules\nfinal_score\nfinal_status_list\nfinal_status\ntengen-status\ntengen-score_details\ntengen-result\nis_legal\nkgs-genmove_cleanup\ngogui-interrupt\ngogui-sigint\ncputime\nlz-analyze\nlz-genmove_analyze\nkata-analyze\nkata-genmove_analyze\nanalyze\ngenmove_analyze\ngogui-analyze_commands\ntengen-best_moves\ntengen-pv\ntengen-move_model\ntengen-ownership\ntengen-search_param\ngogui-play_sequence\ngogui-version\nkata-get-rules\nkata-set-rules]

# Ids are echoed (checked by the harness for every numbered line), tabs and
# runs of spaces separate tokens, and comments are cut.
9	known_command	 play   # trailing comment
#? [true]

10 kgs-game_over
#? []

# GoGui: every analyze command line has the form type/label/command, and
# the param command lists and sets search settings.
11 gogui-analyze_commands
#? [([a-z]+/[^/\n]+/[^/\n]+\n?)+]
tengen-search_param playouts 500
12 tengen-search_param
#? [\[string\] playouts 500\n\[string\] time 0\n\[string\] threads 1\n\[string\] resign_threshold 0\.03\n\[string\] resign_moves 3]
boardsize 3
13 tengen-ownership
#? [(-?\d\.\d\d ){2}-?\d\.\d\d\n(-?\d\.\d\d ){2}-?\d\.\d\d\n(-?\d\.\d\d ){2}-?\d\.\d\d]

# KataGo's rules commands, and GoGui's sequence of moves.
14 kata-get-rules
#? [\{"friendlyPassOk":true,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"\}]
kata-set-rules chinese
15 kata-get-rules
#? [.*"ko":"POSITIONAL","scoring":"AREA".*"whiteHandicapBonus":"N"\}]
boardsize 9
gogui-version 1.5.1
16 gogui-play_sequence B e5 W e6 b PASS w d5
#? []
17 printsgf
#? [.*;B\[ee\]\n;W\[ed\]\n;B\[\]\n;W\[de\]\)\s*]

# The move model in GoGui: shading, short percent labels and the figures
# in the text line. On the empty 19x19 board its first choice is a corner
# point on the third or fourth line.
boardsize 19
clear_board
18 tengen-move_model
#? [INFLUENCE [A-T]\d+ 1\.00( [A-T]\d+ [01]\.\d\d){9}\nLABEL [CDQR](3|4|16|17) \d+( [A-T]\d+ \d+){9}\nTEXT Black to move, the model's first choices: [A-T]\d+ \d+\.\d%.*]
play b q16
19 tengen-move_model
#? [INFLUENCE [A-T]\d+ -1\.00.*\nLABEL .*\nTEXT White to move, .*]
