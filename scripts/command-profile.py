#!/usr/bin/env python3
"""What the one-shot commands a prompt, a bar or a script runs execute, from callgrind, as a linker
symbol-ordering file (scripts/commands.order), which scripts/install.sh places after a tick's.

A command is a process that lives a millisecond or two, and on a virtual machine most of that is
page faults: each 4 KiB page of code it touches for the first time costs it as much as 10,000
instructions. Laid out as the linker pleases, the functions `status` runs sit on some 380 pages;
side by side, in the order this writes, on under 200.

  command-profile.py order BINARY OUT   the functions the commands below execute, those most of
                                        them run first, as a linker symbol-ordering file
  command-profile.py pages BINARY       how many pages of code each command touches in BINARY

BINARY must keep its symbols: the unstripped build. Needs valgrind. The commands run on a state
made for them: a running stopwatch with laps, a countdown, goals, and a history of 20,000 runs
with a snapshot (scripts/make-history.py), so that a correction reads it as a long one is read.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def setup(binary, work):
    """A state directory, and the commands to profile on it (each run once, in this order)."""
    home = os.path.join(work, "state")
    subprocess.run([sys.executable, os.path.join(HERE, "make-history.py"), home, os.path.join(work, "timew"), "20000", "2000"],
                   check=True, stdout=subprocess.DEVNULL)
    os.chmod(home, 0o700)
    env = dict(os.environ, STOPWATCH_HOME=home)

    def run(*args):
        return subprocess.run([binary, *args], env=env, check=True, capture_output=True, text=True).stdout

    run("report")  # makes the snapshot a correction reads
    run("start", "bench")
    for _ in range(3):
        run("lap", "bench")
    run("timer", "25m", "tea")
    run("goal", "6h")
    run("today")  # keeps today's totals, as a bar finds them
    runs = run("history", "--csv", "--since", "2026-10-01").splitlines()
    old = runs[2].split(",")[0][:12]
    return home, [
        ["status", "bench"], ["status", "bench", "--format", "waybar"], ["status", "bench", "--format", "{text}"],
        ["list"], ["list", "--format", "waybar"], ["today", "--format", "waybar"], ["lap", "bench"],
        ["pause", "bench"], ["resume", "bench"], ["start", "other"], ["reset", "other"],
        ["edit", old, "--tag", "x"], ["undo"], ["history", "--since", "today"], ["--version"],
    ]


def executed(binary, home, argv, out):
    """The functions `binary argv` executes, each once, in the order callgrind first names them."""
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
                    "--callgrind-out-file=" + out, binary, *argv],
                   env=dict(os.environ, STOPWATCH_HOME=home), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names = collections.OrderedDict()
    for line in open(out):
        if line.startswith("fn="):
            names.setdefault(re.sub(r"'\d+$", "", line[3:].strip()), None)
    return [name for name in names if re.fullmatch(r"[A-Za-z_$][\w$.]*", name)]


def symbols(binary):
    """{name: (address, size)} of the functions BINARY defines."""
    listing = subprocess.run(["nm", "--defined-only", "-S", binary], capture_output=True, text=True, check=True).stdout
    found = {}
    for fields in (line.split() for line in listing.splitlines()):
        if len(fields) == 4 and fields[2] in "tTwW":
            found.setdefault(fields[3], (int(fields[0], 16), max(1, int(fields[1], 16))))
    return found


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ("order", "pages") or (sys.argv[1] == "order") != (len(sys.argv) == 4):
        sys.exit(__doc__)
    mode, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        home, commands = setup(binary, work)
        profiles = [(argv, executed(binary, home, argv, os.path.join(work, "callgrind.out"))) for argv in commands]
    if mode == "pages":
        where = symbols(binary)
        print("%-40s %10s %8s" % ("command", "functions", "pages"))
        for argv, names in profiles:
            pages = {page for name in names if name in where
                     for page in range(where[name][0] >> 12, ((where[name][0] + where[name][1] - 1) >> 12) + 1)}
            print("%-40s %10d %8d" % (" ".join(argv)[:40], len(names), len(pages)))
        return
    # Those most commands run first (start-up, the parser, the store), then the rest, each in the
    # order first run; a tick's functions keep their place (scripts/tick.order comes first).
    uses, first = collections.Counter(), {}
    for _, names in profiles:
        for name in names:
            uses[name] += 1
            first.setdefault(name, len(first))
    with open(os.path.join(HERE, "tick.order")) as tick:
        ticks = {line.strip() for line in tick}
    names = sorted((name for name in uses if name not in ticks), key=lambda name: (-uses[name], first[name]))
    with open(sys.argv[3], "w") as out:
        out.write("\n".join(names) + "\n")
    print("%s: %d functions, %d run by every command" % (sys.argv[3], len(names), sum(uses[n] == len(profiles) for n in names)), file=sys.stderr)


if __name__ == "__main__":
    main()
