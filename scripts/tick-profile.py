#!/usr/bin/env python3
"""What one tick of a live view executes, from callgrind: the code it touches, and where.

A live view wakes every 10 ms, after its caches and TLB have gone cold, so what a tick costs
follows the code it touches (cache lines, and above all 4 KiB pages: each a TLB miss and a page
walk), not the instructions it runs. This runs each program in a pseudo-terminal under callgrind,
collecting only inside `_dispatch_source_invoke` (the timer's handler, in the floor and the views
alike), and counts what at least half the ticks executed.

  tick-profile.py footprint BINARY FLOOR   a table: instructions, code lines, pages a tick
  tick-profile.py order BINARY OUT         the functions a tick executes, the project's own first,
                                           as a linker symbol-ordering file (scripts/tick.order)

BINARY must keep its symbols: the unstripped build, with its object files beside it. Needs valgrind.
"""
import collections
import glob
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time

SECONDS = 8


def profile(argv, home, out):
    """Runs argv for SECONDS in a pseudo-terminal under callgrind; returns the file it wrote."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["STOPWATCH_HOME"] = home
        os.execvp("valgrind", ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
                               "--compress-strings=no", "--collect-atstart=no",
                               "--toggle-collect=_dispatch_source_invoke", "--callgrind-out-file=" + out] + argv)
    start = time.monotonic()
    while time.monotonic() - start < SECONDS:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q\n")
    os.waitpid(pid, 0)
    return out


def ticks_of(path):
    """(ticks, instructions a tick, {address: function}) of what at least half the ticks ran."""
    counts, function, entry, owner, after_call = {}, None, {}, {}, False
    for line in open(path):
        if line.startswith("fn="):
            function = re.sub(r"'\d+$", "", line[3:].strip())
        elif line.startswith("calls="):
            after_call = True  # the next line is the call's inclusive cost, not an instruction's
        else:
            match = re.match(r"^0x([0-9a-f]+) \d+ (\d+)", line)
            if not match:
                continue
            if after_call:
                after_call = False
                continue
            address, count = int(match.group(1), 16), int(match.group(2))
            counts[address] = counts.get(address, 0) + count
            owner[address] = function
            if function not in entry or address < entry[function][0]:
                entry[function] = (address, count)
    ticks = entry["_dispatch_source_invoke"][1]
    hot = {address: owner[address] for address, count in counts.items() if count >= ticks / 2}
    return ticks, sum(counts.values()) / ticks, hot


def setup(binary, work):
    """State directories: one running stopwatch, one running countdown, one running cycle (the
    pomodoro), three running for --all."""
    homes = {name: os.path.join(work, name) for name in ("one", "countdown", "cycle", "all")}
    def run(home, *args):
        subprocess.run([binary, *args], env=dict(os.environ, STOPWATCH_HOME=home), check=True, stdout=subprocess.DEVNULL)
    run(homes["one"], "start", "running")
    run(homes["countdown"], "timer", "1h", "tea")
    run(homes["cycle"], "cycle", "focus")
    run(homes["all"], "start", "build")
    run(homes["all"], "start", "tests")
    run(homes["all"], "timer", "1h", "tea")
    return [("watch running", [binary, "watch", "running"], homes["one"]),
            ("watch countdown", [binary, "watch", "tea"], homes["countdown"]),
            ("watch a cycle", [binary, "watch", "focus"], homes["cycle"]),
            ("watch --all (3 running)", [binary, "watch", "--all"], homes["all"])]


def own_symbols(binary):
    """The functions the project's object files define, beside the unstripped binary SwiftPM built:
    with -function-sections each is a section of its own, which the linker can place anywhere."""
    objects = glob.glob(os.path.join(os.path.dirname(binary), "*.build", "*.o"))
    if not objects:
        sys.exit("tick-profile.py: no object files beside %s: give the binary SwiftPM built" % binary)
    listing = subprocess.run(["nm", "--defined-only", *objects], capture_output=True, text=True, check=True).stdout
    return {fields[2] for fields in (line.split() for line in listing.splitlines()) if len(fields) == 3 and fields[1] in "tTwW"}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("footprint", "order"):
        sys.exit(__doc__)
    mode, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        programs = setup(binary, work)
        if mode == "footprint":
            programs.insert(0, ("floor (timer-floor.swift)", [os.path.abspath(sys.argv[3])], work))
            print("%-26s %8s %14s %14s %10s" % ("a tick of", "ticks", "instructions", "code lines", "pages"))
            for label, argv, home in programs:
                ticks, instructions, hot = ticks_of(profile(argv, home, os.path.join(work, "callgrind.out")))
                print("%-26s %8d %14.0f %14d %10d" % (label, ticks, instructions, len({a >> 6 for a in hot}), len({a >> 12 for a in hot})))
            return
        # Functions in the order first run (by address within a profile), each once; the project's
        # own first, since only sections of its objects are certain to be one function each.
        seen = collections.OrderedDict()
        for label, argv, home in programs:
            _, _, hot = ticks_of(profile(argv, home, os.path.join(work, "callgrind.out")))
            for address in sorted(hot):
                seen.setdefault(hot[address], None)
        names = [name for name in seen if re.fullmatch(r"[A-Za-z_$][\w$.]*", name)]
        defined = own_symbols(binary)
        ours = [name for name in names if name in defined]
        with open(sys.argv[3], "w") as out:
            out.write("\n".join(ours + [name for name in names if name not in ours]) + "\n")
        print("%s: %d functions, %d of them the project's" % (sys.argv[3], len(names), len(ours)), file=sys.stderr)


if __name__ == "__main__":
    main()
