#!/usr/bin/env bash
# Measures what one `stopwatch status` and one `stopwatch lap` cost, beside `timew` (Timewarrior)
# showing an open interval, in the same run, and `status` of a cycle beside that of a countdown
# (at most 1.1x). Targets: `status` and `lap` at most 0.5x timew's
# instructions; `lap`'s median wall time at most 1.0x timew's, and at most `status`'s plus two
# syncs, where one sync's cost is measured in the same run as scripts/commit-floor.c (open, lock,
# append a line, fdatasync) less the same program without the fdatasync. Instructions come from
# valgrind's callgrind, which repeats exactly on the same binary and input; wall times from
# hyperfine.
#
# Usage: scripts/bench-startup.sh [BINARY]
#   BINARY defaults to the static build scripts/install.sh makes. Installs timewarrior, hyperfine
#   and valgrind from Debian's packages if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs timew:timewarrior hyperfine:hyperfine valgrind:valgrind

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"

# Both tools keep their state in a fresh directory and see the same environment; a running
# stopwatch with ten laps, and an open Timewarrior interval with one tag.
export STOPWATCH_HOME="$work/stopwatch" TIMEWARRIORDB="$work/timew"
mkdir -p "$TIMEWARRIORDB/data" && touch "$TIMEWARRIORDB/timewarrior.cfg"
"$binary" start bench >/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do "$binary" lap bench >/dev/null; done
timew start bench :yes >/dev/null
echo "stopwatch: $binary ($("$binary" --version)); timew: $(command -v timew) ($(timew --version))"
timew

reference=$(instructions timew)
printf '\n%-24s %14s %8s\n' command instructions "of timew"
printf '%-24s %14s %8s\n' "timew" "$reference" "1.00"
for command in status lap; do
    count=$(instructions "$binary" "$command" bench)
    printf '%-24s %14s %8s\n' "stopwatch $command bench" "$count" "$(python3 -c "print(f'{$count/$reference:.2f}')")"
done
echo "(valgrind --tool=callgrind)"

# Issue 25: `status` of a running cycle at most 1.1x `status` of a running countdown.
"$binary" timer 25m tea >/dev/null
"$binary" cycle focus work=25m break=5m --rounds 4 >/dev/null
"$binary" cycle pomodoro >/dev/null
countdown=$(instructions "$binary" status tea)
printf '\n%-32s %14s %14s\n' command instructions "of countdown"
printf '%-32s %14s %14s\n' "stopwatch status tea (countdown)" "$countdown" "1.00"
for name in focus pomodoro; do
    count=$(instructions "$binary" status "$name")
    printf '%-32s %14s %14s\n' "stopwatch status $name (cycle)" "$count" "$(python3 -c "print(f'{$count/$countdown:.3f}')")"
done

echo
cc -O2 -o "$work/commit-floor" scripts/commit-floor.c
mkdir "$work/floor"
hyperfine --warmup 10 --runs 200 -N --export-json "$work/wall.json" \
    --command-name timew "timew" \
    --command-name "stopwatch status bench" "$binary status bench" \
    --command-name "stopwatch lap bench" "$binary lap bench" \
    --command-name "append + fdatasync (C)" "$work/commit-floor $work/floor" \
    --command-name "append, no sync (C)" "$work/commit-floor $work/floor nosync" >/dev/null
python3 - "$work/wall.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
median = {result["command"]: result["median"] for result in results}
reference = median["timew"]
print("%-24s %10s %10s %10s %8s" % ("command", "median", "mean", "σ", "of timew"))
for result in results:
    print("%-24s %7.2f ms %7.2f ms %7.2f ms %8.2f" % (result["command"], result["median"] * 1000,
          result["mean"] * 1000, result["stddev"] * 1000, result["median"] / reference))
print("(hyperfine -N, 200 runs after 10 warm-ups, median wall time)")
sync = median["append + fdatasync (C)"] - median["append, no sync (C)"]
status, lap = median["stopwatch status bench"], median["stopwatch lap bench"]
print("\none sync: %.2f ms; status + two syncs: %.2f ms; lap: %.2f ms (%s); lap of timew: %.2f" % (
    sync * 1000, (status + 2 * sync) * 1000, lap * 1000, "within" if lap <= status + 2 * sync else "over", lap / reference))
PY
