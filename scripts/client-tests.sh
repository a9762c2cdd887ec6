#!/usr/bin/env bash
# The client tests (run by .ci/run after `cargo test --release`, which
# builds target/release/tengen):
#  1. gtp-tests/clients: @sabaki/gtp, the library Sabaki uses, drives the
#     engine as Sabaki does (needs Node 18+ and npm);
#  2. a two-game 9x9 smoke match against GNU Go 3.8 level 10 through
#     scripts/match.py (needs gnugo: `apt-get install gnugo`), which fails
#     on any crash, illegal move, timeout or protocol error.
set -euo pipefail
cd "$(dirname "$0")/.."

tengen=target/release/tengen
[ -x "$tengen" ] || cargo build --release

(cd gtp-tests/clients && npm ci --no-audit --no-fund --loglevel=error && npm test)

gnugo=$(command -v gnugo || echo /usr/games/gnugo)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 scripts/match.py \
    --black "$tengen --seed 1 --playouts 2000 --rules chinese" \
    --white "$gnugo --mode gtp --level 10" \
    --referee "$gnugo --mode gtp --chinese-rules" \
    --games 2 --alternate --size 9 --komi 7 --rules chinese \
    --out "$out"
