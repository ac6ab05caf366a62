#!/usr/bin/env bash
# Builds the Core's documentation (Sources/StopwatchCore/StopwatchCore.docc) with the toolchain's
# docc, no plugin: the compiler's symbol graph of StopwatchCore, then `docc convert`, a warning
# (a broken link, a symbol a page names that does not exist) failing it. Prints the coverage of
# the public symbols' documentation.
#
# Usage: scripts/build-docs.sh [OUTPUT]   (default .build/docs/StopwatchCore.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/docs/StopwatchCore.doccarchive}"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
swift build --target StopwatchCore -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
    -Xswiftc "$graphs" >&2
rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc convert Sources/StopwatchCore/StopwatchCore.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name StopwatchCore --fallback-bundle-identifier org.stopwatch.StopwatchCore \
    --output-path "$output" --warnings-as-errors --experimental-documentation-coverage \
    --coverage-summary-level brief
echo "build-docs.sh: $output" >&2
