#!/usr/bin/env bash
# Run external gogui-regress / GNU Go style .tst suites against the release
# binary and print the pass count. Each path is a .tst file or a folder of
# them; engine arguments follow `--`.
# Usage: scripts/regress-external.sh PATH... [-- ENGINE_ARGS...]
#
# GNU Go's scoring suite: on a GNU Go source tree (3.8 or its git), run
#   scripts/regress-external.sh gnugo/regression/score.tst gnugo/regression/score2.tst
# so that the cases loading games/nngs/*.sgf find their games; a copy of
# only `score*.tst` and `games/scoring/` leaves those two cases unloadable.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
paths=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    paths+=("$1")
    shift
done
[ $# -gt 0 ] && shift
if [ ${#paths[@]} -eq 0 ]; then
    echo "usage: scripts/regress-external.sh PATH... [-- ENGINE_ARGS...]" >&2
    exit 2
fi
(cd "$here/.." && cargo build --release --quiet)
exec python3 "$here/regress.py" --engine "$here/../target/release/tengen $*" "${paths[@]}"
