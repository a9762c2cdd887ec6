#!/usr/bin/env bash
# Every benchmark of issue 4, one after the other, each the median of RUNS
# runs (default 5): light playouts on 9x9 and 19x19, tactical (search)
# playouts on 9x9 and 19x19, MCTS iterations on 9x9 with tactical and with
# light playouts, on 1 and on 2 threads. Run it on a quiet machine.
# Usage: scripts/bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
cargo build --release --quiet
bench() {
    echo "== tengen benchmark $*"
    ./target/release/tengen benchmark "$@" --runs "$runs" | tail -n 1
}
bench --mode light --size 9
bench --mode light --size 19
bench --mode tactical --size 9
bench --mode tactical --size 19
for threads in 1 2; do
    bench --mode mcts --playouts 40000 --threads "$threads"
    bench --mode mcts-light --playouts 40000 --threads "$threads"
done
