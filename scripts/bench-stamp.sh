#!/usr/bin/env bash
# Compares the throughput of `stopwatch stamp` with moreutils `ts -s '%.s'` and with awk stamping
# each line with systime(), on the same 1,000,000-line file in the same run.
# Targets (issue 5): stamp takes at most 1/30 of ts's time, and no longer than awk's.
#
# Installs hyperfine and moreutils from Debian's packages if they are missing.
# Usage: scripts/bench-stamp.sh [LINES] [BINARY]
#   LINES defaults to 1000000; BINARY to the static build scripts/install.sh makes.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-1000000}"

source scripts/lib.sh
needs hyperfine:hyperfine ts:moreutils

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${2:-}")"
seq 1 "$lines" | sed 's/$/ a line of a build log, about this long/' >"$work/lines.txt"
echo "input: $lines lines, $(wc -c <"$work/lines.txt") bytes; awk is $(readlink -f "$(command -v awk)")"

# Every tool must copy every line, in order.
"$binary" stamp <"$work/lines.txt" | cut -d' ' -f2- | cmp - "$work/lines.txt"

hyperfine --warmup 2 --runs 10 --export-markdown "$work/results.md" \
    --command-name "stopwatch stamp" "'$binary' stamp <'$work/lines.txt' >/dev/null" \
    --command-name "ts -s '%.s'" "ts -s '%.s' <'$work/lines.txt' >/dev/null" \
    --command-name "awk systime()" "awk '{print systime(), \$0}' <'$work/lines.txt' >/dev/null"
cat "$work/results.md"
