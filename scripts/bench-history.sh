#!/usr/bin/env bash
# Measures what `lap` and `status` cost on a stopwatch with 10 laps and with 100,000, to check that
# cost does not grow with history (target: at most 1.5x), and what `laps` takes to read all 100,000
# (target: at most 0.15 s). Instruction counts come from valgrind's callgrind, which repeats exactly
# on the same binary; wall times come from hyperfine.
#
# Usage: scripts/bench-history.sh [BINARY]
#   BINARY defaults to the static build scripts/install.sh makes. Installs hyperfine and valgrind
#   from Debian's packages if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib.sh
needs hyperfine:hyperfine valgrind:valgrind

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
binary="$(installed_binary "$work" "${1:-}")"

# Writes a running stopwatch named "bench" with N laps straight into a state directory, in the
# format of docs/state-format.md, as N real `stopwatch lap` calls would have left it: a journal
# line a lap, each with the state after it, behind its CRC-32 check.
make_state() {
    python3 - "$1" "$2" "$binary" <<'PY'
import json, os, subprocess, sys, zlib
directory, count, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(directory, mode=0o700, exist_ok=True)
env = dict(os.environ, STOPWATCH_HOME=directory)
subprocess.run([binary, "start", "bench"], env=env, check=True, stdout=subprocess.DEVNULL)
import glob
journal, = glob.glob(os.path.join(directory, "bench@*.jsonl"))  # this machine's journal
first = open(journal, "rb").read()
state = json.loads(first)["state"]

def line(record):
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))[1:].encode()
    return b'{"check":"%08x",' % zlib.crc32(body) + body + b"\n"

with open(journal, "wb") as output:
    output.write(first)
    for number in range(1, count + 1):
        lap = {"number": number, "lapMicroseconds": 1000, "totalMicroseconds": number * 1000,
               "label": "lap %d" % number, "recordedAt": "2026-01-01T00:00:00.000000Z"}
        state["laps"] = {"count": number, "latest": lap}
        output.write(line({"lap": lap, "state": state}))
PY
}

make_state "$work/small" 10
make_state "$work/large" 100000
large_journal=$(echo "$work"/large/bench@*.jsonl)
echo "journal with 100,000 laps: $(du -h "$large_journal" | cut -f1)"

in_state() { # DIR COMMAND...: the instructions of `stopwatch COMMAND` on the state in DIR
    local dir=$1; shift
    STOPWATCH_HOME="$dir" instructions "$binary" "$@"
}

printf '\n%-8s %16s %16s %8s\n' command "10 laps" "100,000 laps" ratio
for command in status lap; do
    small=$(in_state "$work/small" "$command" bench)
    large=$(in_state "$work/large" "$command" bench)
    printf '%-8s %16s %16s %8s\n' "$command" "$small" "$large" "$(python3 -c "print(f'{$large/$small:.3f}')")"
done
echo "(instructions, valgrind --tool=callgrind)"

echo
hyperfine --warmup 5 --runs 50 -N \
    "env STOPWATCH_HOME=$work/small $binary status bench" \
    "env STOPWATCH_HOME=$work/large $binary status bench" \
    "env STOPWATCH_HOME=$work/small $binary lap bench" \
    "env STOPWATCH_HOME=$work/large $binary lap bench"

# `laps` reads every lap line (target, issue 26: at most 0.15 s for 100,000 laps), beside Python's
# json module reading every line of the same journal, the reference the issue names.
echo
hyperfine --warmup 3 --runs 30 -N \
    "env STOPWATCH_HOME=$work/large $binary laps bench" \
    "env STOPWATCH_HOME=$work/large $binary laps bench --csv" \
    "env STOPWATCH_HOME=$work/large $binary laps bench --json" \
    "python3 -c 'import json, sys; [json.loads(line) for line in open(sys.argv[1])]' $large_journal"
