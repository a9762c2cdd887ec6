#!/usr/bin/env bash
# Builds the AFL++ harnesses and fuzzes one target for a while.
#
#   scripts/fuzz/run.sh TARGET [SECONDS] [extra afl-fuzz options...]
#
# TARGET is gtp or sgf; SECONDS defaults to 1860 (31 minutes). Results go
# to scripts/fuzz/out/TARGET/default/ (crashes/, hangs/, queue/,
# fuzzer_stats). An existing out/TARGET is resumed (AFL_AUTORESUME).
# NO_BUILD=1 skips the build and fuzzes the binary already built;
# OUT=DIR puts the results in DIR instead of out/TARGET.
# Needs cargo-afl: `cargo install cargo-afl` (it builds AFL++ on first use).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

target="${1:-}"
seconds="${2:-1860}"
shift $(( $# >= 2 ? 2 : $# ))
case "$target" in
  gtp | sgf) ;;
  *)
    echo "usage: $0 gtp|sgf [seconds] [afl-fuzz options...]" >&2
    exit 2
    ;;
esac

if ! cargo afl --version >/dev/null 2>&1; then
  echo "cargo-afl is missing: cargo install cargo-afl" >&2
  exit 1
fi

if [ -z "${NO_BUILD:-}" ]; then
  cargo afl build --release
fi

# Per-target options. The gtp target can spend seconds on one input (the
# position judgement runs 1000 playouts on boards up to 25x25), so its
# timeout is generous; the sgf target keeps AFL's automatic one.
case "$target" in
  gtp) opts=(-t 5000 -x gtp.dict) ;;
  sgf) opts=(-x sgf.dict) ;;
esac

out="${OUT:-out/$target}"
mkdir -p "$(dirname "$out")"
# No root needed: skip the CPU-governor check, tolerate a core_pattern that
# pipes to a handler, and resume an earlier run in the same output folder.
export AFL_SKIP_CPUFREQ=1
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_AUTORESUME=1
# Plain status lines instead of the full-screen UI when not on a terminal.
if [ ! -t 1 ]; then
  export AFL_NO_UI=1
fi

exec cargo afl fuzz "${opts[@]}" -V "$seconds" \
  -i "corpus/$target" -o "$out" "$@" \
  "target/release/$target"
