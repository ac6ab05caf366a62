#!/usr/bin/env bash
# Measures history at its size after ten years of heavy use (issues 26 and 33): 100,000 runs kept
# (a third tagged) with 10,000 corrections, and the same 100,000 intervals, as corrected, in
# Timewarrior, side by side in the same run.
#   - `report --by day` over them: at most 0.1 s, beside `timew summary` over the same intervals
#     (hyperfine, median wall time);
#   - a correction (`edit RUN --tag`) and `undo` on that history, beside `status` (hyperfine);
#   - `status`, `lap` and the prompt query (`status --format '{text}'`) with 100,000 runs kept:
#     the same instructions as with none (at most 1.1x; callgrind).
#
# Usage: scripts/bench-runs.sh [BINARY]
#   BINARY defaults to the static build scripts/install.sh makes. Installs timewarrior, hyperfine
#   and valgrind from Debian's packages if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs timew:timewarrior hyperfine:hyperfine valgrind:valgrind

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"

python3 scripts/make-history.py "$work/kept" "$work/timew" 100000 10000
mkdir -p "$work/none"
chmod 700 "$work/kept" "$work/none"
echo "stopwatch: $binary ($("$binary" --version)); timew: $(command -v timew) ($(timew --version))"
echo "history: $(cat "$work"/kept/history/events-*.tsv | wc -l) changes, $(du -ch "$work"/kept/history/events-*.tsv | tail -1 | cut -f1)"

# The same totals, or the comparison means nothing.
ours=$(STOPWATCH_HOME="$work/kept" "$binary" report --by day | tail -1 | awk '{print $2}')
theirs=$(TIMEWARRIORDB="$work/timew" timew summary 2016-01-01 - 2027-01-01 | grep -E '^ +[0-9]+:[0-9]{2}:[0-9]{2} *$' | tail -1 | tr -d ' ')
echo "total: stopwatch ${ours%.*}, timew $theirs"
[ "${ours%.*}" = "$theirs" ] || { echo "bench-runs.sh: the totals differ" >&2; exit 1; }

# The first reading keeps a snapshot of the runs (history/snapshot-MACHINE); the warm-ups make it, and
# the "without a snapshot" runs delete it before each, to show what a first reading costs.
hyperfine --warmup 2 --runs 10 -N --export-json "$work/report.json" \
    --command-name "stopwatch report --by day" "env STOPWATCH_HOME=$work/kept $binary report --by day" \
    --command-name "timew summary" "env TIMEWARRIORDB=$work/timew timew summary 2016-01-01 - 2027-01-01" >/dev/null
hyperfine -N --runs 5 --prepare "find $work/kept/history -name snapshot-* -delete" --export-json "$work/first.json" \
    --command-name "report, without a snapshot" "env STOPWATCH_HOME=$work/kept $binary report --by day" >/dev/null
python3 - "$work/report.json" "$work/first.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"] + json.load(open(sys.argv[2]))["results"]}
ours, theirs = results["stopwatch report --by day"], results["timew summary"]
print(f"\n{'command':28} {'median':>9} {'max':>9} {'of timew':>9}")
for name, r in results.items():
    print(f"{name:28} {r['median']:8.3f}s {max(r['times']):8.3f}s {r['median'] / theirs['median']:9.3f}")
print("(hyperfine -N, 10 runs after 2 warm-ups; target: at most 0.1 s)")
PY

# A correction and its undo on that history, beside status: a correction reads the runs (the
# snapshot and the changes since) under the lock, to find the run and check what it would
# overlap; undo reads the log from its end back, as far as the change it undoes.
STOPWATCH_HOME="$work/kept" "$binary" start bench >/dev/null
run=$(STOPWATCH_HOME="$work/kept" "$binary" history --csv --since 2026-10-31 | sed -n 3p | cut -d, -f1)
# Each just after a snapshot was made (the changes since it are read by every reader: a few).
fresh() { find "$work/kept/history" -name 'snapshot-*' -delete; STOPWATCH_HOME="$work/kept" "$binary" report >/dev/null; }
fresh
# One sync's cost in this run, as scripts/bench-startup.sh measures it: the target is `status`
# plus two of them. STOPWATCH_HOME is hyperfine's own, so that no `env` runs before each.
cc -O2 -o "$work/commit-floor" scripts/commit-floor.c
mkdir "$work/floor"
STOPWATCH_HOME="$work/kept" hyperfine --warmup 3 --runs 40 -N --export-json "$work/edit.json" \
    --command-name "stopwatch status" "$binary status bench" \
    --command-name "stopwatch edit RUN --tag x" "$binary edit ${run:0:12} --tag x" \
    --command-name "stopwatch undo" "$binary undo" \
    --command-name "append + fdatasync (C)" "$work/commit-floor $work/floor" \
    --command-name "append, no sync (C)" "$work/commit-floor $work/floor nosync" >/dev/null
counts=()
for command in "status bench" "edit ${run:0:12} --tag x" "undo"; do
    fresh
    # shellcheck disable=SC2086
    counts+=("$(STOPWATCH_HOME="$work/kept" instructions "$binary" $command)")
done
python3 - "$work/edit.json" "${counts[@]}" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
sync = results["append + fdatasync (C)"] - results["append, no sync (C)"]
target = results["stopwatch status"] + 2 * sync
print(f"\none sync: {sync * 1000:.2f} ms; target: status plus two syncs, {target * 1000:.2f} ms")
print(f"{'command':28} {'median':>9} {'instructions':>13} {'of target':>10}")
for name, count in zip(["stopwatch status", "stopwatch edit RUN --tag x", "stopwatch undo"], sys.argv[2:]):
    ratio = "" if name == "stopwatch status" else f"{results[name] / target:.2f}"
    print(f"{name:28} {results[name] * 1000:6.2f} ms {int(count):13,} {ratio:>10}")
PY

# 1,000 corrections one after another, each a change: the changes since the snapshot grow until a
# reader makes a new one (at 128 KiB of them, some 700 corrections), which that reader pays for.
fresh
python3 - "$binary" "$work/kept" "${run:0:12}" <<'PY'
import os, statistics, subprocess, sys, time
binary, home, run = sys.argv[1:4]
env = dict(os.environ, STOPWATCH_HOME=home)
times = []
for index in range(1000):
    start = time.perf_counter()
    subprocess.run([binary, "edit", run, "--tag", f"y{index % 2}"], env=env, stdout=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
slowest = max(range(1000), key=lambda i: times[i])
print(f"1,000 corrections in a row: mean {statistics.mean(times) * 1000:.2f} ms, median {statistics.median(times) * 1000:.2f} ms, "
      f"the {slowest + 1}th the slowest: {times[slowest] * 1000:.0f} ms (it made a new snapshot)")
PY

# Three machines sharing the state directory, 100,000 runs each (issue 35): every reading merges
# their files; the snapshot covers all three. Target: report --by day at most 0.25 s.
python3 scripts/make-history.py "$work/three" "$work/timew-three" 300000 30000 3 >/dev/null
chmod 700 "$work/three"
STOPWATCH_HOME="$work/three" "$binary" report >/dev/null
run3=$(STOPWATCH_HOME="$work/three" "$binary" history --csv --since 2026-10-31 | sed -n 2p | cut -d, -f1)
STOPWATCH_HOME="$work/three" hyperfine --warmup 2 --runs 10 -N --export-json "$work/three.json" \
    --command-name "report --by day, 3 x 100,000 runs" "$binary report --by day" \
    --command-name "edit RUN --tag x, 3 x 100,000 runs" "$binary edit ${run3:0:12} --tag x" >/dev/null
hyperfine -N --runs 3 --prepare "find $work/three/history -name snapshot-* -delete" --export-json "$work/three-first.json" \
    --command-name "report, 3 machines, without a snapshot" "env STOPWATCH_HOME=$work/three $binary report --by day" >/dev/null
python3 - "$work/three.json" "$work/three-first.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"] + json.load(open(sys.argv[2]))["results"]
print(f"\n{'three machines (target: report at most 0.25 s)':44} {'median':>9} {'max':>9}")
for r in results:
    print(f"{r['command']:44} {r['median']:8.3f}s {max(r['times']):8.3f}s")
PY

# status, lap and the prompt query: history is not read, so its size costs nothing.
for home in none kept; do
    STOPWATCH_HOME="$work/$home" "$binary" restart bench >/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do STOPWATCH_HOME="$work/$home" "$binary" lap bench >/dev/null; done
done
printf '\n%-40s %12s %12s %8s\n' command "no history" "100,000 runs" ratio
for command in "status bench" "lap bench" "status bench --format {text}"; do
    # shellcheck disable=SC2086
    none=$(STOPWATCH_HOME="$work/none" instructions "$binary" $command)
    # shellcheck disable=SC2086
    kept=$(STOPWATCH_HOME="$work/kept" instructions "$binary" $command)
    printf '%-40s %12s %12s %8s\n' "stopwatch $command" "$none" "$kept" "$(python3 -c "print(f'{$kept/$none:.3f}')")"
done
echo "(valgrind --tool=callgrind; target at most 1.1x)"

# Today in a bar (issue 36): `today` beside `status`, 100,000 runs kept. History's totals are kept
# after the first reading (history/snapshot-MACHINE.totals) until history changes: a bar polling
# each second reads them, never the runs. Target: at most 1.1x the instructions of `status`.
STOPWATCH_HOME="$work/kept" "$binary" goal 6h >/dev/null
STOPWATCH_HOME="$work/kept" "$binary" today >/dev/null
printf '\n%-40s %14s %8s\n' "100,000 runs kept" instructions "of status"
status=$(STOPWATCH_HOME="$work/kept" instructions "$binary" status bench --format waybar)
printf '%-40s %14s\n' "stopwatch status bench --format waybar" "$status"
for command in "today --format waybar" "today --format {today_s}"; do
    # shellcheck disable=SC2086
    today=$(STOPWATCH_HOME="$work/kept" instructions "$binary" $command)
    printf '%-40s %14s %8s\n' "stopwatch $command" "$today" "$(python3 -c "print(f'{$today/$status:.3f}')")"
done
echo "(valgrind --tool=callgrind; target at most 1.1x)"

# What counting, the charts and the first reading after a change cost over 100,000 runs (target:
# any count or chart at most 0.15 s).
STOPWATCH_HOME="$work/kept" hyperfine --warmup 2 --runs 10 -N --export-json "$work/counts.json" \
    --command-name "report --by day,phase (pomodoros counted)" "$binary report --by day,phase" \
    --command-name "report --chart bars" "$binary report --chart bars" \
    --command-name "report --chart calendar" "$binary report --chart calendar" \
    --command-name "report --chart timeline (a week)" "$binary report --chart timeline --since 2026-10-25 --until 2026-10-31" \
    --command-name "today, totals kept" "$binary today --format waybar" >/dev/null
hyperfine --runs 10 -N --prepare "find $work/kept/history -name *.totals -delete" --export-json "$work/counts-first.json" \
    --command-name "today, after a change (totals worked out)" "env STOPWATCH_HOME=$work/kept $binary today --format waybar" >/dev/null
python3 - "$work/counts.json" "$work/counts-first.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"] + json.load(open(sys.argv[2]))["results"]
print(f"\n{'100,000 runs (target: at most 0.15 s)':44} {'median':>9} {'max':>9}")
for r in results:
    print(f"{r['command']:44} {r['median']:8.3f}s {max(r['times']):8.3f}s")
PY
