#!/usr/bin/env bash
# Fits the move model (src/mcts/model/kgs6d.tgm) on KGS games with a 6d+
# player, and measures it on 1,000 games kept out of the fit.
#
# The games are the KGS_6d_190000 archives of the public snapshot
# godmoves/Standard_Computer_Go_Dataset (the 2001-2003, 2006, 2015 and
# 2017 archives, 36,692 games; the others are not in the snapshot). They
# are unpacked under target/kgs6d/ and never enter the repository.
#
#   scripts/train-model.sh [DATASET_CLONE]
#
# DATASET_CLONE is a clone (or bare mirror) of the dataset; without it the
# script clones https://github.com/godmoves/Standard_Computer_Go_Dataset.
# Environment: GAMES (records the fit uses, spread evenly over the
# training games; default 12000), MIN_COUNT (3), ITERATIONS (10),
# THREADS (all cores), OUT (src/mcts/model/kgs6d.tgm).
#
# The held-out set is every 36th game in path order, the first 1,000 of
# them; the rest are the training games. After the fit, the script runs
#   tengen predict --top 5 target/kgs6d/held-out
# which prints the top-1 and top-5 rates and the mean log-likelihood.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-12000}
MIN_COUNT=${MIN_COUNT:-3}
ITERATIONS=${ITERATIONS:-10}
THREADS=${THREADS:-$(nproc)}
OUT=${OUT:-src/mcts/model/kgs6d.tgm}
WORK=target/kgs6d

if [ ! -d "$WORK/all" ]; then
    src=${1:-}
    if [ -z "$src" ]; then
        src=$WORK/dataset.git
        [ -d "$src" ] || git clone --bare \
            https://github.com/godmoves/Standard_Computer_Go_Dataset "$src"
    fi
    git_dir=$src
    [ -d "$src/.git" ] && git_dir=$src/.git
    mkdir -p "$WORK/all"
    for f in $(git --git-dir="$git_dir" ls-tree -r --name-only HEAD KGS_6d_190000/); do
        if git --git-dir="$git_dir" cat-file -p "HEAD:$f" > "$WORK/archive.tar.gz" 2>/dev/null \
            && [ -s "$WORK/archive.tar.gz" ]; then
            tar xzf "$WORK/archive.tar.gz" -C "$WORK/all"
        else
            echo "train-model: $f is not in the snapshot, skipped" >&2
        fi
    done
    rm -f "$WORK/archive.tar.gz"
fi

# The split, as symbolic links, so both halves can be named as directories.
rm -rf "$WORK/train" "$WORK/held-out"
mkdir -p "$WORK/train" "$WORK/held-out"
find "$(pwd)/$WORK/all" -name '*.sgf' | LC_ALL=C sort | awk -v train="$WORK/train" \
    -v held="$WORK/held-out" '
    { n = NR - 1; name = sprintf("%05d.sgf", n) }
    n % 36 == 0 && kept < 1000 { kept++; print $0 " " held "/" name; next }
    { print $0 " " train "/" name }' | while read -r from to; do ln -s "$from" "$to"; done
echo "train-model: $(ls "$WORK/train" | wc -l) training games, $(ls "$WORK/held-out" | wc -l) held out" >&2

cargo build --release --quiet
./target/release/tengen -v --threads "$THREADS" train --out "$OUT" --games "$GAMES" \
    --min-count "$MIN_COUNT" --iterations "$ITERATIONS" "$WORK/train"
./target/release/tengen --threads "$THREADS" predict --top 5 --model "$OUT" "$WORK/held-out"
