#!/usr/bin/env bash
# What a status bar costs: `status --follow` of a running stopwatch with a whole-seconds template
# for 60 s (target: at most 0.05% of a core, 60 lines +-1), the same with nothing running (target:
# no CPU after start-up), and one `list --format waybar` over 20 stopwatches beside `timew`
# (Timewarrior) showing an open interval, in the same run (target: at most 1.0x timew's
# instructions), with `list --quiet` and `status` beside them.
#
# CPU time is the kernel's own count of the time the process ran, in nanoseconds
# (/proc/PID/schedstat), read just before SIGTERM ends it; instructions come from valgrind's
# callgrind, which repeats exactly on the same binary and input.
#
# Usage: scripts/bench-status-bar.sh [BINARY] [SECONDS]
#   BINARY defaults to the static build scripts/install.sh makes; SECONDS (60) is how long the
#   running stopwatch is followed. Installs timewarrior and valgrind from Debian if missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs timew:timewarrior valgrind:valgrind

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"
seconds="${2:-60}"
export STOPWATCH_HOME="$work/stopwatch" TIMEWARRIORDB="$work/timew"
echo "stopwatch: $binary ($("$binary" --version)); timew: $(command -v timew) ($(timew --version))"

cpu_ns() { # PID: nanoseconds the process has run
    cut -d' ' -f1 "/proc/$1/schedstat"
}

# Followed for SECONDS: the CPU of the whole run, start-up included, and the lines written.
follow() { # NAME SECONDS [FORMAT]
    "$binary" status "$1" --follow --format "${3:-{name\} {time_s\}}" >"$work/lines" &
    local pid=$! started before
    sleep 1
    started=$(cpu_ns "$pid")
    before=$(wc -l <"$work/lines")
    sleep "$2"
    local total after
    total=$(cpu_ns "$pid")
    kill -TERM "$pid"
    wait "$pid" || true
    after=$((total - started))
    echo "$total $after $(($(wc -l <"$work/lines") - before))"
}

"$binary" start running >/dev/null
read -r total after lines < <(follow running "$seconds")
python3 - "$total" "$after" "$lines" "$seconds" <<'PY'
import sys
total, after, lines, seconds = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
span = seconds + 1
print(f"\nstatus --follow, running, {span} s: {total / 1e6:.2f} ms of CPU in all, {total / (span * 1e9) * 100:.4f}% of a core;"
      f" in the {seconds} s after start-up {after / 1e6:.2f} ms, {after / (seconds * 1e9) * 100:.4f}%, and {lines} lines")
PY
# Issue 25: a cycle followed in a bar's whole seconds, at most 0.05% of a core.
"$binary" cycle focus >/dev/null
read -r total after lines < <(follow focus "$seconds" '{text}')
python3 - "$total" "$after" "$lines" "$seconds" <<'PY'
import sys
total, after, lines, seconds = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
print(f"status --follow, a cycle, {{text}}: in the {seconds} s after start-up {after / 1e6:.2f} ms, {after / (seconds * 1e9) * 100:.4f}% of a core (target 0.05%), and {lines} lines")
PY
"$binary" delete focus >/dev/null
"$binary" start idle >/dev/null
"$binary" pause idle >/dev/null
read -r total after lines < <(follow idle 10)
echo "status --follow, paused, 11 s: $((total / 1000)) us of CPU in all, $((after / 1000)) us and $lines lines in the 10 s after start-up"

# Twenty stopwatches: five countdowns, ten running, five paused; an open Timewarrior interval.
"$binary" delete running idle >/dev/null
for i in 1 2 3 4 5; do "$binary" timer "${i}0m" "tea$i" >/dev/null; done
for i in $(seq 1 10); do "$binary" start "build$i" >/dev/null; done
for i in 1 2 3 4 5; do "$binary" start "held$i" >/dev/null && "$binary" pause "held$i" >/dev/null; done
mkdir -p "$TIMEWARRIORDB/data" && touch "$TIMEWARRIORDB/timewarrior.cfg"
timew start bench :yes >/dev/null

reference=$(instructions timew)
printf '\n%-36s %14s %8s\n' command instructions "of timew"
printf '%-36s %14s %8s\n' "timew" "$reference" "1.00"
for command in "list --format waybar" "list --quiet" "status build1"; do
    # shellcheck disable=SC2086
    count=$(instructions "$binary" $command)
    printf '%-36s %14s %8s\n' "stopwatch $command" "$count" "$(python3 -c "print(f'{$count/$reference:.2f}')")"
done
echo "(valgrind --tool=callgrind; 20 stopwatches: 5 countdowns, 10 running, 5 paused)"
