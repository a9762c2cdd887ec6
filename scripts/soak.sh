#!/usr/bin/env bash
# Soak test: 1,000 fast games (self-play on random sizes 2-25 and 19x19,
# 9x9 and 19x19 against GNU Go) in one long-lived process per side, with
# undo, handicap, printsgf/loadsgf round trips, lz-analyze and friends
# interleaved; fails on any crash, protocol error, illegal move, hang or
# final_score format error and reports RSS over the run (scripts/soak.py).
# Needs GNU Go 3.8 (`apt-get install gnugo`).
# Usage: scripts/soak.sh [soak.py options, e.g. --games 200 --seed 7 --cpu 1]
# The engine soaked is a copy of target/release/tengen taken at the start
# (OUT/tengen, OUT from --out, default /tmp/soak), so rebuilds during the run
# do not change it; --tengen PATH overrides.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x target/release/tengen ] || cargo build --release
out=/tmp/soak
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[i]}" in
        --out) out="${args[i + 1]}" ;;
        --out=*) out="${args[i]#--out=}" ;;
    esac
done
mkdir -p "$out"
cp target/release/tengen "$out/tengen"
exec python3 scripts/soak.py --games 1000 --tengen "$out/tengen" --out "$out" "$@"
