#!/usr/bin/env bash
# Counts the syncs each command that changes state makes, as strace sees them: fsync and fdatasync
# of a file, and of a directory, apart. docs/state-format.md lists the counts.
#
# Usage: scripts/count-syncs.sh [BINARY]
#   BINARY defaults to the static build scripts/install.sh makes. Installs strace from Debian if
#   it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs strace:strace

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"
export STOPWATCH_HOME="$work/state"
echo "stopwatch: $binary ($("$binary" --version))"

count() { # LABEL ARGUMENTS...: runs the command under strace and prints its syncs
    local label="$1"
    shift
    strace -f -qq -y -e trace=fsync,fdatasync -o "$work/trace" "$binary" "$@" >/dev/null
    local files directories
    # strace -y shows each descriptor's path: a state file's ends in its suffix, a directory's not.
    files=$(grep -cE 'f(data)?sync\([0-9]+<[^>]*\.(json|laps|tmp|jsonl)>' "$work/trace" || true)
    directories=$(($(grep -cE 'f(data)?sync\(' "$work/trace" || true) - files))
    printf '%-34s %5s %5s\n' "$label" "$files" "$directories"
}

printf '%-34s %5s %5s\n' command files dirs
count "start (creating the directory)" start build
count "start (creating the stopwatch)" start other
count "lap" lap build
count "lap (the second)" lap build
count "pause" pause build
count "resume" resume build
count "toggle" toggle build
count "reset" reset build
count "start (after reset)" start build
count "restart" restart build
count "timer (creating)" timer 25m tea
count "timer --add" timer tea --add 5m
count "timer --force" timer 10m tea --force
count "delete" delete other
echo "(strace -f -e trace=fsync,fdatasync: syncs of a file, and of a directory)"
