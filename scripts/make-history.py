#!/usr/bin/env python3
"""Writes COUNT runs, as `stopwatch` keeps them, into STATE/history/events-MACHINE.tsv (this
machine's file, as `stopwatch` names it: from $STOPWATCH_MACHINE, else /etc/machine-id), and the same
intervals as Timewarrior keeps them into TIMEW/data: ten years of heavy use for
scripts/bench-runs.sh.

Usage: scripts/make-history.py STATE TIMEW [COUNT [CORRECTIONS [MACHINES]]]

With MACHINES (default 1), the runs are spread over that many machines' files, in turn, as
machines sharing the state directory write them: this machine's, then `bench-1`'s, `bench-2`'s...,
each change's sequence one more than the last, so that reading merges them; each machine's names
end in its number (`build-1`), so that no two runs of one name overlap.

Runs are spread evenly over the ten years before 2026-11-01, each of 1 to 120 minutes, under one
of five names (tags in Timewarrior), some across midnight, a third of them tagged; each is a change
of its own (`track`). CORRECTIONS of them (spread evenly) are then corrected, each by a change of
its own (`edit`, a `fix` line): its end moved 10 minutes earlier. Timewarrior gets the intervals as
corrected, so both tools' totals are the same.
"""
import os
import random
import socket
import sys
import time
import zlib

state, timew = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
corrections = int(sys.argv[4]) if len(sys.argv) > 4 else 0
machines = int(sys.argv[5]) if len(sys.argv) > 5 else 1
end = 1_793_491_200  # 2026-11-01T00:00:00Z
begin = end - 10 * 365 * 86_400
random.seed(25)
names = ["build", "test", "deploy", "review", "focus"]
tags = ["billable", "client-a", "client-b"]
os.makedirs(os.path.join(state, "history"), mode=0o700, exist_ok=True)
os.makedirs(os.path.join(timew, "data"), exist_ok=True)
open(os.path.join(timew, "timewarrior.cfg"), "a").close()


def machine_id(name=""):
    """A machine's id as `stopwatch` makes it (MachineID.swift): FNV-1a, 64 bits; this machine's
    when no name is given."""
    name = name or os.environ.get("STOPWATCH_MACHINE", "")
    if not name:
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"]:
            try:
                with open(path, "rb") as file:
                    name = file.read(128).split(b"\n")[0].decode()
            except OSError:
                continue
            if name:
                break
    if not name:
        name = "host:" + socket.gethostname()
    value = 0xcbf29ce484222325
    for byte in ("stopwatch machine\n" + name).encode():
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


sequence = 0


def line(change, made, command, kind, fields):
    global sequence
    sequence += 1
    body = "\t".join(["3", change, "1/1", str(sequence), str(made), command, kind] + fields).encode()
    return b"%08x\t" % zlib.crc32(body) + body + b"\n"


def run_fields(run_id, name, start, stop, tag):
    # RUN-ID NAME START OFFSET END OFFSET ELAPSED OVERTIME ESTIMATED LAPS PHASES PLAN DETAIL TAGS PHASE-TIMES LAPS-KEY
    return [run_id, name, str(start * 1_000_000), "0", str(stop * 1_000_000), "0", str((stop - start) * 1_000_000),
            "0", "1", "0", "0", "stopwatch", "", tag, "", ""]


def host(machine):
    return os.uname().nodename if machine == 0 else "bench-%d" % machine


def new_id():
    return "%032x" % random.getrandbits(128)


step = (end - begin) // count
runs = []
lines = []
for index in range(count):
    start = begin + index * step + random.randrange(0, max(1, step // 2))
    length = random.randrange(1200, 7200)
    # Each machine its own names: three machines' runs in ten years would overlap by name.
    name = names[index % len(names)] + ("" if machines == 1 else "-%d" % (index % machines))
    tag = tags[index % len(tags)] if index % 3 == 0 else ""
    run = [new_id(), name, start, start + length, tag]
    runs.append(run)
    # MACHINE last: the machine that recorded it, as it calls itself.
    lines.append((index % machines, line(new_id(), start + length, "track", "run", run_fields(*run) + [host(index % machines)])))
every = count // corrections if corrections else 0
for index in range(corrections):
    run = runs[index * every]
    run[3] -= 600
    # A correction says which revision of the run it was based on: the sequence of the change
    # that added it, the run's index in turn from 1.
    base = index * every + 1
    lines.append((index % machines, line(new_id(), end + index, "edit", "fix", run_fields(*run) + [str(base), host(index * every % machines)])))
for machine in range(machines):
    name = machine_id() if machine == 0 else machine_id("bench-%d" % machine)
    with open(os.path.join(state, "history", "events-%s.tsv" % name), "wb") as out:
        out.write(b"".join(text for owner, text in lines if owner == machine))

stamp = lambda t: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(t))
months = {}
for run_id, name, start, stop, tag in runs:
    month = time.strftime("%Y-%m", time.gmtime(start))
    months.setdefault(month, []).append(f"inc {stamp(start)} - {stamp(stop)} # {name}{' ' + tag if tag else ''}\n")
for month, intervals in months.items():
    with open(os.path.join(timew, "data", month + ".data"), "w") as out:
        out.write("".join(intervals))
counts = {}
for run in runs:
    for tag in [run[1]] + ([run[4]] if run[4] else []):
        counts[tag] = counts.get(tag, 0) + 1
with open(os.path.join(timew, "data", "tags.data"), "w") as out:
    out.write("{" + ",".join(f'"{t}":{{"count":{n}}}' for t, n in counts.items()) + "}\n")
