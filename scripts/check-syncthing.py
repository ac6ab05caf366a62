#!/usr/bin/env python3
"""Two machines sharing a state directory through two real Syncthing instances (issue 35).

Two Syncthing instances on 127.0.0.1 (no discovery, no relays, nothing leaves the machine)
share a folder each: the state directories of two "machines" (two STOPWATCH_MACHINE names).
Both run commands at the same time: runs ended by `start`/`reset`, blocks told by `track`,
one name (`shared`) started on both before either has synced, a correction. Once Syncthing's REST API reports the folder in sync on both sides, `history --json`
and `report --json` must print the same bytes on both, with every run once.

Usage: scripts/check-syncthing.py BINARY
Needs Debian's syncthing; exits 0 when the histories agree, 1 (with what differs) when not.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import xml.etree.ElementTree as ElementTree

binary = sys.argv[1]
root = tempfile.mkdtemp(prefix="stopwatch-syncthing.")
folder_id = "stopwatch-state"
processes = []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fail(message):
    print(f"check-syncthing: {message}", file=sys.stderr)
    sys.exit(1)


class Machine:
    def __init__(self, name):
        self.name = name
        self.home = os.path.join(root, name, "syncthing")
        self.state = os.path.join(root, name, "state")
        os.makedirs(self.state, mode=0o700)
        with open(os.path.join(self.state, ".stignore"), "w") as ignore:
            ignore.write("snapshot-*\nwaiters\n.*.tmp\n")
        generated = subprocess.run(["syncthing", "generate", f"--home={self.home}", "--no-default-folder", "--skip-port-probing"],
                                   capture_output=True, text=True, check=True)
        self.device = next(line.split("Device ID:")[1].strip() for line in (generated.stdout + generated.stderr).splitlines()
                           if "Device ID:" in line)
        self.listen, self.gui = free_port(), free_port()
        self.key = "stopwatch-" + name

    def configure(self, other):
        path = os.path.join(self.home, "config.xml")
        tree = ElementTree.parse(path)
        top = tree.getroot()
        gui = top.find("gui")
        gui.find("address").text = f"127.0.0.1:{self.gui}"
        gui.find("apikey").text = self.key
        options = top.find("options")
        settings = {"listenAddress": f"tcp://127.0.0.1:{self.listen}", "globalAnnounceEnabled": "false", "localAnnounceEnabled": "false",
                    "relaysEnabled": "false", "natEnabled": "false", "startBrowser": "false", "urAccepted": "-1",
                    "autoUpgradeIntervalH": "0", "crashReportingEnabled": "false"}
        for key, value in settings.items():
            element = options.find(key)
            if element is None:
                element = ElementTree.SubElement(options, key)
            element.text = value
        device = ElementTree.SubElement(top, "device", id=other.device, name=other.name, compression="metadata", introducer="false")
        ElementTree.SubElement(device, "address").text = f"tcp://127.0.0.1:{other.listen}"
        shared = ElementTree.Element("folder", id=folder_id, label="stopwatch", path=self.state, type="sendreceive",
                                     rescanIntervalS="3600", fsWatcherEnabled="true", fsWatcherDelayS="1")
        for member in (self.device, other.device):
            ElementTree.SubElement(shared, "device", id=member)
        top.insert(0, shared)
        tree.write(path)

    def start(self):
        log = open(os.path.join(root, self.name + ".log"), "w")
        environment = dict(os.environ, HOME=os.path.join(root, self.name), STNOUPGRADE="1")
        process = subprocess.Popen(["syncthing", "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade"],
                                   stdout=log, stderr=subprocess.STDOUT, env=environment)
        processes.append(process)

    def rest(self, path, method="GET"):
        request = urllib.request.Request(f"http://127.0.0.1:{self.gui}{path}", method=method, headers={"X-API-Key": self.key})
        with urllib.request.urlopen(request, timeout=5) as response:
            body = response.read()
            return json.loads(body) if body.strip() else None

    def stopwatch(self, *arguments):
        environment = {"STOPWATCH_HOME": self.state, "STOPWATCH_MACHINE": self.name, "HOME": os.path.join(root, self.name),
                       "PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC"}
        result = subprocess.run([binary, *arguments], capture_output=True, text=True, env=environment)
        if result.returncode != 0:
            fail(f"{self.name}: stopwatch {' '.join(arguments)}: exit {result.returncode}: {result.stderr.strip()}")
        return result.stdout


def wait_for(what, condition, limit=90):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.25)
    for process in processes:
        process.terminate()
    for name in ("laptop", "desktop"):
        log = os.path.join(root, name + ".log")
        if os.path.exists(log):
            print(f"--- {name}'s Syncthing log (end) ---\n" + "".join(open(log).readlines()[-20:]), file=sys.stderr)
    fail(f"timed out waiting for {what}")


def in_sync(machine, other):
    """The folder idle and complete on `machine`, nothing needed, and `other` 100% complete as it sees it."""
    status = machine.rest(f"/rest/db/status?folder={folder_id}")
    completion = machine.rest(f"/rest/db/completion?folder={folder_id}&device={other.device}")
    return (status["state"] == "idle" and status["needFiles"] == 0 and status["needDeletes"] == 0 and status["pullErrors"] == 0
            and completion["completion"] == 100 and completion["needItems"] == 0)


try:
    laptop, desktop = Machine("laptop"), Machine("desktop")
    laptop.configure(desktop)
    desktop.configure(laptop)
    for machine in (laptop, desktop):
        machine.start()
    for machine in (laptop, desktop):
        wait_for(f"{machine.name}'s REST API", lambda machine=machine: machine.rest("/rest/system/ping")["ping"] == "pong")
    wait_for("the two instances to connect",
             lambda: laptop.rest("/rest/system/connections")["connections"][desktop.device]["connected"])

    def settled():
        for machine in (laptop, desktop):
            machine.rest(f"/rest/db/scan?folder={folder_id}", method="POST")
        return in_sync(laptop, desktop) and in_sync(desktop, laptop) and \
            laptop.stopwatch("history", "--json") == desktop.stopwatch("history", "--json")

    # One name, `shared`, started on both machines at once, before either can have seen the
    # other's: through a sync, each goes on with its own, and lists the other's beside it.
    together = threading.Barrier(2)
    def start_shared(machine):
        together.wait()
        machine.stopwatch("start", "shared")
    threads = [threading.Thread(target=start_shared, args=(machine,)) for machine in (laptop, desktop)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    def carried():
        for machine in (laptop, desktop):
            machine.rest(f"/rest/db/scan?folder={folder_id}", method="POST")
        journals = [[name for name in os.listdir(m.state) if name.startswith("shared") and name.endswith(".jsonl")] for m in (laptop, desktop)]
        return in_sync(laptop, desktop) and in_sync(desktop, laptop) and all(len(names) == 2 for names in journals)
    wait_for("each machine's journal of shared to reach the other", carried)
    for machine, other in ((laptop, desktop), (desktop, laptop)):
        listed = machine.stopwatch("list")
        if f"shared @{other.name}" not in listed:
            fail(f"{machine.name} does not list {other.name}'s shared beside its own:\n{listed}")
        machine.stopwatch("reset", "shared")

    # Both machines at once: 15 runs each ended by reset, and a block told, on each.
    def work(machine):
        for index in range(15):
            machine.stopwatch("start", "work-" + machine.name)
            machine.stopwatch("reset", "work-" + machine.name)
        machine.stopwatch("track", "2026-11-20 09:00", "2026-11-20 10:00", "meeting", "--tag", machine.name)
    threads = [threading.Thread(target=work, args=(machine,)) for machine in (laptop, desktop)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wait_for("the folder to be in sync on both sides", settled)

    # A correction on one side of a run the other made, then in sync again.
    runs = json.loads(laptop.stopwatch("history", "--json"))["runs"]
    theirs = next(run for run in runs if run["name"] == "work-desktop")
    laptop.stopwatch("edit", theirs["id"][:12], "--tag", "corrected")
    wait_for("the correction to reach the other side", settled)

    outputs = [(m.stopwatch("history", "--json"), m.stopwatch("report", "--json"), m.stopwatch("history", "--csv")) for m in (laptop, desktop)]
    if outputs[0] != outputs[1]:
        fail("the two machines read different histories:\n" + outputs[0][2] + "\n---\n" + outputs[1][2])
    runs = json.loads(outputs[0][0])["runs"]
    counts = {name: sum(1 for run in runs if run["name"] == name) for name in ("work-laptop", "work-desktop", "meeting", "shared")}
    ids = [run["id"] for run in runs]
    if counts != {"work-laptop": 15, "work-desktop": 15, "meeting": 2, "shared": 2} or len(set(ids)) != len(ids):
        fail(f"expected every run once (15 and 15, 2 meetings, 2 of shared), got {counts}, {len(ids)} runs, {len(set(ids))} ids")
    if {run["machine"] for run in runs if run["name"] == "shared"} != {"laptop", "desktop"}:
        fail("expected a run of shared from each machine")
    for machine in (laptop, desktop):
        conflicts = [name for name in os.listdir(machine.state) if "sync-conflict" in name]
        if conflicts:
            fail(f"{machine.name}: Syncthing had two versions of a file to choose from: {conflicts}")
    if not any(run["id"] == theirs["id"] and "corrected" in run.get("tags", []) for run in runs):
        fail("the laptop's correction of the desktop's run is not on both")
    files = sorted(name for name in os.listdir(os.path.join(laptop.state, "history")) if name.startswith("events-"))
    print(f"check-syncthing: in sync; both read the same {len(runs)} runs (15 + 15 + 2 + 2 of one name), one file a machine: {', '.join(files)}")
finally:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(root, ignore_errors=True)
