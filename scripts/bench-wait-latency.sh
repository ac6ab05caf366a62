#!/usr/bin/env bash
# Measures how late `stopwatch wait` returns after a countdown expires, beside `sleep` measured the
# same way in the same run (target: median lateness at most 1.5x sleep's, never early).
#
# Each round creates a 0.2 s countdown, reads its expiry instant from `status --json`, runs `wait`,
# and takes the wall-clock time at which the parent sees `wait` exit; then it starts `sleep 0.2`
# and takes the time the parent sees it exit, minus 0.2 s after its start. Both figures include
# the process's exit and the parent's wake-up; sleep's also its own start-up.
#
# Usage: scripts/bench-wait-latency.sh [RUNS] [BINARY]
#   RUNS defaults to 50; BINARY to the static build scripts/install.sh makes (built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-50}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source scripts/lib.sh
binary="$(installed_binary "$work" "${2:-}")"
export STOPWATCH_HOME="$work/state"

python3 - "$binary" "$runs" <<'PY'
import datetime, json, statistics, subprocess, sys, time
binary, runs = sys.argv[1], int(sys.argv[2])
waits, sleeps, early = [], [], 0
for _ in range(runs):
    subprocess.run([binary, "timer", "--force", "0.2s", "bench"], check=True, capture_output=True)
    status = json.loads(subprocess.run([binary, "status", "bench", "--json"], check=True, capture_output=True, text=True).stdout)
    expiry = datetime.datetime.fromisoformat(status["expiresAt"].replace("Z", "+00:00")).timestamp()
    subprocess.run([binary, "wait", "bench"], check=True)
    returned = time.time()
    waits.append((returned - expiry) * 1000)
    early += returned < expiry
    started = time.time()
    subprocess.run(["sleep", "0.2"], check=True)
    sleeps.append((time.time() - started - 0.2) * 1000)

def line(label, values):
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    print("%-6s late by min %5.1f ms, median %5.1f ms, 90th percentile %5.1f ms, max %5.1f ms"
          % (label, values[0], statistics.median(values), pick(0.9), values[-1]))

print("%d rounds of a 0.2 s countdown, %s" % (runs, binary))
line("wait", waits)
line("sleep", sleeps)
print("median ratio wait/sleep: %.2f; wait early: %d" % (statistics.median(waits) / statistics.median(sleeps), early))
PY
