#!/usr/bin/env bash
# Checks that the static build lays out a live view's tick as scripts/tick.order asks (see
# scripts/install.sh): every function the order names is one the binary defines, and together
# they sit on at most MAX_PAGES pages of 4 KiB (29 when the order was made, 39 to 41 since; about
# 86 scattered, which is what the check is for: 48 keeps headroom for code that grows).
# A rename on the tick's path makes a name stale: make the order again with
#   scripts/tick-profile.py order BINARY scripts/tick.order
#
# Usage: [MAX_PAGES=48] scripts/check-tick-order.sh [BINARY]
#   BINARY defaults to the unstripped build scripts/install.sh made (.build-static/stopwatch); it
#   must keep its symbols.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build-static/stopwatch}"
max_pages="${MAX_PAGES:-48}"
nm --defined-only "$binary" | awk -v max="$max_pages" '
    FILENAME == "-" { if (NF == 3 && !($3 in address)) address[$3] = $1; next }
    NF == 0 { next }
    !($1 in address) { stale[++nstale] = $1; next }
    { page[substr(address[$1], 1, length(address[$1]) - 3)] = 1; named++ }
    END {
        for (p in page) pages++
        for (i = 1; i <= nstale && i <= 5; i++) printf "check-tick-order.sh: the binary defines no %s\n", stale[i] > "/dev/stderr"
        if (nstale) { printf "check-tick-order.sh: scripts/tick.order names %d functions the binary lacks: make it again (scripts/tick-profile.py order)\n", nstale > "/dev/stderr"; exit 1 }
        printf "check-tick-order.sh: the %d functions of a tick sit on %d pages (at most %d)\n", named, pages, max > "/dev/stderr"
        if (pages > max) { print "check-tick-order.sh: the tick is not laid out as scripts/tick.order asks (did install.sh fall back from lld?)" > "/dev/stderr"; exit 1 }
    }' - scripts/tick.order
