#!/usr/bin/env bash
# Measures the CPU that `stopwatch watch` costs over 10 seconds in a pseudo-terminal, beside the
# floor measured the same way in the same run: a bare 10 ms DispatchSourceTimer writing one line a
# tick (scripts/timer-floor.swift). Targets (issue 12): a running `watch` at most 1.3x the floor,
# `watch --all` with three running timers at most 1.5x, (issue 25) `watch` of a cycle 1.3x; a paused `watch` nothing measurable. CPU time is the
# nanoseconds every thread of the process spent on a CPU, from /proc/PID/task/*/schedstat (exact, unlike the tick-sampled times of /proc/PID/stat).
#
# Usage: [ROUNDS=9] scripts/bench-watch-cpu.sh [SECONDS] [BINARY]
#   SECONDS (each measurement) defaults to 6; BINARY to the static build scripts/install.sh makes.
#   Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-6}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source scripts/lib.sh
binary="$(installed_binary "$work" "${2:-}")"
# Built as the binary is, so both pay the same start-up and runtime.
floor="$work/timer-floor"
swiftc -O -static-executable scripts/timer-floor.swift -o "$floor"
export STOPWATCH_HOME="$work/state"

"$binary" start running >/dev/null
"$binary" cycle focus >/dev/null
"$binary" start paused >/dev/null
"$binary" pause paused >/dev/null
# For `watch --all`: three running timers, two stopwatches and a countdown, alone in their directory.
export ALL_HOME="$work/all"
STOPWATCH_HOME="$ALL_HOME" "$binary" start build >/dev/null
STOPWATCH_HOME="$ALL_HOME" "$binary" start tests >/dev/null
STOPWATCH_HOME="$ALL_HOME" "$binary" timer 1h tea >/dev/null

python3 - "$binary" "$seconds" "$floor" <<'PY'
import os, pty, select, sys, time
binary, seconds, floor = sys.argv[1], float(sys.argv[2]), sys.argv[3]

def measure(label, argv, home=None):
    pid, fd = pty.fork()
    if pid == 0:
        if home:
            os.environ["STOPWATCH_HOME"] = home
        os.execv(argv[0], argv)
    written, start = 0, time.monotonic()
    while time.monotonic() - start < seconds:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            written += len(os.read(fd, 65536))
    threads = [int(open("/proc/%d/task/%d/schedstat" % (pid, task)).read().split()[0]) / 1e9
               for task in sorted(int(task) for task in os.listdir("/proc/%d/task" % pid))]
    cpu = sum(threads)
    elapsed = time.monotonic() - start
    os.write(fd, b"q\n")
    os.waitpid(pid, 0)
    # Per thread, in the order they were made: the main thread (start-up, then it waits for
    # input), Dispatch's manager thread (its timers), the worker thread that runs the tick.
    print("%-26s %6.3f s CPU in %5.2f s = %5.2f%% of one core, %d bytes written; threads (ms): %s"
          % (label, cpu, elapsed, 100 * cpu / elapsed, written, " ".join("%.1f" % (1000 * t) for t in threads)))
    return cpu / elapsed

# The floor is measured before and after each live view, and each view is judged against the
# mean of its two neighbours, so a drift in the machine's speed cancels out; ROUNDS rounds of
# that, and the median ratio is the figure (one round alone swings by half on this VM, and the
# median of five by a quarter: nine are the default).
rounds = int(os.environ.get("ROUNDS", "9"))
ratios = {"running": [], "all": [], "cycle": []}
for round in range(rounds):
    print("round %d of %d" % (round + 1, rounds))
    before = measure("floor (timer-floor.swift)", [floor])
    running = measure("watch running", [binary, "watch", "running"])
    middle = measure("floor (timer-floor.swift)", [floor])
    everything = measure("watch --all (3 running)", [binary, "watch", "--all"], os.environ["ALL_HOME"])
    after = measure("floor (timer-floor.swift)", [floor])
    cycle = measure("watch a cycle", [binary, "watch", "focus"])
    last = measure("floor (timer-floor.swift)", [floor])
    ratios["running"].append(running / ((before + middle) / 2))
    ratios["all"].append(everything / ((middle + after) / 2))
    ratios["cycle"].append(cycle / ((after + last) / 2))
measure("watch paused", [binary, "watch", "paused"])
for key, label, target in [("running", "watch running", 1.3), ("all", "watch --all", 1.5), ("cycle", "watch a cycle", 1.3)]:
    values = sorted(ratios[key])
    print("%-14s median %.2f of the floor (target %.1f), rounds %s"
          % (label, values[len(values) // 2], target, " ".join("%.2f" % v for v in ratios[key])))
PY
