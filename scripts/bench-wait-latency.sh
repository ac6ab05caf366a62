#!/usr/bin/env bash
# Measures how late `stopwatch wait` returns after a countdown expires (target: within 20 ms).
#
# Each run creates a 0.2 s countdown, reads its expiry instant from `status --json`, runs `wait`,
# and takes the wall-clock time at which the parent sees `wait` exit: so the figure includes the
# process's exit and the parent's wake-up, not only the alarm.
#
# Usage: scripts/bench-wait-latency.sh [RUNS]     (default 50; needs python3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-50}"

swift build -c release --product stopwatch >/dev/null
binary="$(swift build -c release --show-bin-path)/stopwatch"
export STOPWATCH_HOME="$(mktemp -d)/state"
trap 'rm -rf "$(dirname "$STOPWATCH_HOME")"' EXIT

python3 - "$binary" "$runs" <<'PY'
import datetime, json, subprocess, sys, time
binary, runs = sys.argv[1], int(sys.argv[2])
late, early = [], 0
for _ in range(runs):
    subprocess.run([binary, "timer", "--force", "0.2s", "bench"], check=True, capture_output=True)
    status = json.loads(subprocess.run([binary, "status", "bench", "--json"], check=True, capture_output=True, text=True).stdout)
    expiry = datetime.datetime.fromisoformat(status["expiresAt"].replace("Z", "+00:00")).timestamp()
    subprocess.run([binary, "wait", "bench"], check=True)
    returned = time.time()
    late.append((returned - expiry) * 1000)
    early += returned < expiry
late.sort()
pick = lambda q: late[min(len(late) - 1, int(q * len(late)))]
print("runs %d: late by min %.1f ms, median %.1f ms, 90th percentile %.1f ms, max %.1f ms; early %d"
      % (len(late), late[0], pick(0.5), pick(0.9), late[-1], early))
PY
