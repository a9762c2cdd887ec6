#!/usr/bin/env bash
# Light-playout benchmark on 9x9 and 19x19: each run's figures and the
# median of RUNS runs (default 5), one thread.
# Usage: scripts/bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
cargo build --release --quiet
for size in 9 19; do
    ./target/release/tengen benchmark --size "$size" --runs "$runs"
done
