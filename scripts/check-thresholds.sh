#!/usr/bin/env bash
# Checks every command against its ceiling in scripts/thresholds: counts its instructions with
# valgrind's callgrind, beside `timew` showing an open interval in the same run, and fails when one
# is past its ceiling by more than 2%. Prints each command's count, its multiple of timew's and
# its ceiling.
#
# Then each live view's tick (the lines of scripts/thresholds that begin with `tick`): the
# instructions one tick executes, as a multiple of a bare 10 ms Dispatch timer's tick
# (scripts/timer-floor.swift), both counted by scripts/tick-profile.py footprint.
#
# Usage: scripts/check-thresholds.sh [BINARY]
#   BINARY defaults to the static build scripts/install.sh makes; the ticks are counted on the
#   unstripped build it keeps (.build-static/stopwatch), or TICK_BINARY. Installs timewarrior and
#   valgrind from Debian's packages if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs timew:timewarrior valgrind:valgrind

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"

# Timewarrior in a fresh directory with one open interval, as scripts/bench-startup.sh has it.
export TIMEWARRIORDB="$work/timew-open"
mkdir -p "$TIMEWARRIORDB/data" && touch "$TIMEWARRIORDB/timewarrior.cfg"
timew start bench :yes >/dev/null
reference=$(instructions timew)

# Ten years of runs, and a running stopwatch with ten laps.
python3 scripts/make-history.py "$work/kept" "$work/timew-kept" 100000 10000
chmod 700 "$work/kept"
export STOPWATCH_HOME="$work/kept"
"$binary" start bench >/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do "$binary" lap bench >/dev/null; done
run=$("$binary" history --csv --since 2026-10-31 | sed -n 3p | cut -d, -f1)
[ -n "$run" ] || { echo "check-thresholds.sh: no run in the history made" >&2; exit 1; }

yesterday=$(date -d yesterday +%F)
echo "stopwatch: $binary ($("$binary" --version)); timew: $(timew --version), $reference instructions"
printf '%-36s %14s %9s %9s\n' command instructions "of timew" ceiling
failed=0
while read -r ceiling command; do
    [ -z "$ceiling" ] || [[ $ceiling == \#* ]] || [ "$ceiling" = tick ] && continue
    command=${command//RUN/${run:0:12}}
    command=${command//YESTERDAY/$yesterday}
    "$binary" today --format waybar </dev/null >/dev/null
    "$binary" report </dev/null >/dev/null
    # shellcheck disable=SC2086
    if ! count=$(instructions "$binary" $command </dev/null) || [ -z "$count" ]; then
        echo "check-thresholds.sh: 'stopwatch $command' failed (as scripts/thresholds has it): $("$binary" $command 2>&1 </dev/null | head -1)" >&2
        exit 1
    fi
    verdict=$(python3 -c "
count, reference, ceiling = $count, $reference, $ceiling
ratio = count / reference
print(f'{ratio:9.3f} {ceiling:9g}' + ('' if ratio <= ceiling * 1.02 else '  over'))")
    printf '%-36s %14s %s\n' "$command" "$count" "$verdict"
    if [[ $verdict == *over ]]; then failed=$((failed + 1)); fi
done < scripts/thresholds

# The ticks, beside the floor's.
if grep -q '^tick ' scripts/thresholds; then
    tick_binary="${TICK_BINARY:-.build-static/stopwatch}"
    [ -x "$tick_binary" ] || { echo "check-thresholds.sh: no unstripped build at $tick_binary (run scripts/install.sh)" >&2; exit 1; }
    swiftc -O -static-executable scripts/timer-floor.swift -o "$work/timer-floor" 2>/dev/null
    python3 scripts/tick-profile.py footprint "$tick_binary" "$work/timer-floor" >"$work/ticks"
    floor=$(awk '/^floor/ { print $(NF - 2) }' "$work/ticks")
    printf '\n%-36s %14s %9s %9s\n' "a tick of" instructions "of floor" ceiling
    while read -r word ceiling view; do
        [ "$word" = tick ] || continue
        count=$(awk -v view="$view" 'substr($0, 1, length(view)) == view && substr($0, length(view) + 1, 2) ~ /^ +/ { print $(NF - 2) }' "$work/ticks")
        [ -n "$count" ] || { echo "check-thresholds.sh: scripts/tick-profile.py measured no tick of '$view'" >&2; exit 1; }
        verdict=$(python3 -c "
count, floor, ceiling = $count, $floor, $ceiling
ratio = count / floor
print(f'{ratio:9.1f} {ceiling:9g}' + ('' if ratio <= ceiling * 1.02 else '  over'))")
        printf '%-36s %14s %s\n' "$view" "$count" "$verdict"
        if [[ $verdict == *over ]]; then failed=$((failed + 1)); fi
    done < scripts/thresholds
fi
if ((failed)); then
    echo "check-thresholds.sh: $failed command(s) past their ceiling in scripts/thresholds" >&2
    exit 1
fi
echo "(valgrind --tool=callgrind; every command within its ceiling, 2% tolerance)"
