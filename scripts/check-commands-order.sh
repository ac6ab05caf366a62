#!/usr/bin/env bash
# Checks that scripts/commands.order still names the functions the static build defines: the
# one-shot commands' code is laid out side by side only as far as the order knows its functions
# (see scripts/install.sh). A rename or a new function leaves a name stale, and a few do no harm;
# past MAX_STALE percent, make the order again:
#   scripts/command-profile.py order BINARY scripts/commands.order
#
# Usage: [MAX_STALE=20] scripts/check-commands-order.sh [BINARY]
#   BINARY defaults to the unstripped build scripts/install.sh made (.build-static/stopwatch); it
#   must keep its symbols.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build-static/stopwatch}"
max_stale="${MAX_STALE:-20}"
nm --defined-only "$binary" | awk -v max="$max_stale" '
    FILENAME == "-" { if (NF == 3) defined[$3] = 1; next }
    NF == 0 { next }
    { named++; if (!($1 in defined)) { stale++; if (stale <= 5) example[stale] = $1 } }
    END {
        percent = named ? 100 * stale / named : 100
        printf "check-commands-order.sh: %d of the %d functions scripts/commands.order names are stale (%.1f%%, at most %d%%)\n", stale, named, percent, max > "/dev/stderr"
        if (percent > max) {
            for (i = 1; i <= stale && i <= 5; i++) printf "check-commands-order.sh: the binary defines no %s\n", example[i] > "/dev/stderr"
            print "check-commands-order.sh: make the order again: scripts/command-profile.py order BINARY scripts/commands.order" > "/dev/stderr"
            exit 1
        }
    }' - scripts/commands.order
