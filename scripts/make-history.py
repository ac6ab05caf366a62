#!/usr/bin/env python3
"""Writes COUNT runs, as `stopwatch` keeps them, into STATE/history/runs.tsv, and the same intervals
as Timewarrior keeps them into TIMEW/data: ten years of heavy use for scripts/bench-runs.sh.

Usage: scripts/make-history.py STATE TIMEW [COUNT]

Runs are spread evenly over the ten years before 2026-11-01, each of 1 to 120 minutes, under one
of five names (tags in Timewarrior), some across midnight; both tools get the same intervals.
"""
import os
import random
import sys
import zlib

state, timew = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
end = 1_793_491_200  # 2026-11-01T00:00:00Z
begin = end - 10 * 365 * 86_400
random.seed(25)
names = ["build", "test", "deploy", "review", "focus"]
os.makedirs(os.path.join(state, "history"), mode=0o700, exist_ok=True)
os.makedirs(os.path.join(timew, "data"), exist_ok=True)
open(os.path.join(timew, "timewarrior.cfg"), "a").close()
step = (end - begin) // count
lines = []
months = {}
import time
for index in range(count):
    start = begin + index * step + random.randrange(0, max(1, step // 2))
    length = random.randrange(60, 7200)
    name = names[index % len(names)]
    fields = ["1", name, str(start * 1_000_000), "0", str((start + length) * 1_000_000), "0", str(length * 1_000_000), "0", "0", "0", "stopwatch", ""]
    body = "\t".join(fields).encode()
    lines.append(b"%08x\t" % zlib.crc32(body) + body + b"\n")
    stamp = lambda t: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(t))
    month = time.strftime("%Y-%m", time.gmtime(start))
    months.setdefault(month, []).append(f"inc {stamp(start)} - {stamp(start + length)} # {name}\n")
with open(os.path.join(state, "history", "runs.tsv"), "wb") as out:
    out.write(b"".join(lines))
for month, intervals in months.items():
    with open(os.path.join(timew, "data", month + ".data"), "w") as out:
        out.write("".join(intervals))
with open(os.path.join(timew, "data", "tags.data"), "w") as out:
    out.write("{" + ",".join(f'"{n}":{{"count":{count // len(names)}}}' for n in names) + "}\n")
