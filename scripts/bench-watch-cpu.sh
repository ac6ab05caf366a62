#!/usr/bin/env bash
# Measures the CPU that `stopwatch watch` costs over 10 seconds in a pseudo-terminal: once on a
# running stopwatch (redrawn every 10 ms; target at most 1% of one core) and once on a paused one
# (target: nothing measurable), then, as the floor under the first figure, a bare 10 ms
# DispatchSourceTimer writing one line a tick (scripts/timer-floor.swift). CPU time is the
# nanoseconds every thread of the process spent on a CPU, from /proc/PID/task/*/schedstat (exact, unlike the tick-sampled times of /proc/PID/stat).
#
# Usage: scripts/bench-watch-cpu.sh [SECONDS] [BINARY]
#   SECONDS defaults to 10; BINARY to the static build scripts/install.sh makes. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source scripts/installed-binary.sh
binary="$(installed_binary "$work" "${2:-}")"
# Built as the binary is, so both pay the same start-up and runtime.
floor="$work/timer-floor"
swiftc -O -static-executable scripts/timer-floor.swift -o "$floor"
export STOPWATCH_HOME="$work/state"

"$binary" start running >/dev/null
"$binary" start paused >/dev/null
"$binary" pause paused >/dev/null

python3 - "$binary" "$seconds" "$floor" <<'PY'
import os, pty, select, sys, time
binary, seconds, floor = sys.argv[1], float(sys.argv[2]), sys.argv[3]

def measure(name):
    pid, fd = pty.fork()
    if pid == 0:
        if name == "floor":
            os.execv(floor, [floor])
        os.execv(binary, [binary, "watch", name])
    written, start = 0, time.monotonic()
    while time.monotonic() - start < seconds:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            written += len(os.read(fd, 65536))
    cpu = 0.0
    for task in os.listdir("/proc/%d/task" % pid):
        cpu += int(open("/proc/%d/task/%s/schedstat" % (pid, task)).read().split()[0]) / 1e9
    elapsed = time.monotonic() - start
    os.write(fd, b"q\n")
    os.waitpid(pid, 0)
    print("%-8s %6.3f s CPU in %5.2f s = %5.2f%% of one core, %d bytes written"
          % (name, cpu, elapsed, 100 * cpu / elapsed, written))

measure("running")
measure("paused")
measure("floor")
PY
