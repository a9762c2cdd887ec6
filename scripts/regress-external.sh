#!/usr/bin/env bash
# Run external gogui-regress / GNU Go style .tst suites (for example GNU Go's
# scoring suite in ../shared/external/gnugo-score) against the release
# binary and print the pass count.
# Usage: scripts/regress-external.sh DIR [ENGINE_ARGS...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:?usage: scripts/regress-external.sh DIR [ENGINE_ARGS...]}"
shift
(cd "$here/.." && cargo build --release --quiet)
exec python3 "$here/regress.py" --engine "$here/../target/release/tengen $*" "$dir"
