import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// Several machines' journals: each machine writes its own, and reads the others'.
extension SeveralMachinesTests {
    /// A machine appends only to a file of its own, its changes placed after all it has seen.
    @Test func eachMachineWritesOnlyItsOwnFile() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 9)
        #expect(machines[0].run(["track", "2026-11-20 09:00", "2026-11-20 10:00", "build"]).status == .success)
        var random = SplitMix64(seed: 9)
        try carry(from: machines[0], to: machines[1], random: &random, tearing: false)
        let id = try #require(try machines[1].runIDs().first)
        #expect(machines[1].run(["edit", id, "--tag", "fixed"]).status == .success)
        let own = { (machine: Machine) in "events-" + MachineID(naming: machine.name).hex + ".tsv" }
        let files = try FileManager.default.contentsOfDirectory(atPath: machines[1].history).filter {
            $0.hasPrefix("events-")
        }.sorted()
        #expect(files == [own(machines[0]), own(machines[1])].sorted())
        let first = try String(contentsOfFile: machines[1].history + "/" + own(machines[0]), encoding: .utf8)
        #expect(
            first == (try String(contentsOfFile: machines[0].history + "/" + own(machines[0]), encoding: .utf8)),
            "the other's file as it came")
        let correction = try String(contentsOfFile: machines[1].history + "/" + own(machines[1]), encoding: .utf8)
        #expect(correction.split(separator: "\t")[4] == "2", "after the change it corrects, sequence 1")
        try carry(from: machines[1], to: machines[0], random: &random, tearing: false)
        #expect(
            machines[0].run(["history", "--csv"]).output.contains("fixed"),
            "the correction made on the other applies here")
        #expect(machines[1].run(["track", "2026-11-21 09:00", "2026-11-21 10:00", "read"]).status == .success)
        try carry(from: machines[1], to: machines[0], random: &random, tearing: false)
        for machine in machines {
            let runs =
                try #require(
                    try JSONSerialization.jsonObject(with: Data(machine.run(["history", "--json"]).output.utf8))
                        as? [String: Any])["runs"] as? [[String: Any]]
            #expect(
                runs?.map { $0["machine"] as? String } == ["machine-1", "machine-0"],
                "where each was recorded, corrected elsewhere or not")
        }
    }

    /// What a sync engine carries of the stopwatches from `source` to `target`: each journal file
    /// but those `target` writes, a copy of which `source` has only from it.
    func carryJournals(from source: Machine, to target: Machine) throws {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: source.home) else { return }
        try files.createDirectory(atPath: target.home, withIntermediateDirectories: true)
        let own = "@" + MachineID(naming: target.name).hex + ".jsonl"
        for name in names where name.hasSuffix(".jsonl") && !name.hasPrefix(".") {
            guard !name.hasSuffix(own) else { continue }  // the target's own, carried there before
            let destination = target.home + "/" + name
            try? files.removeItem(atPath: destination)
            try files.copyItem(atPath: source.home + "/" + name, toPath: destination)
        }
    }

    /// One name started on two machines before either has synced: each machine writes a journal
    /// of its own, so that once synced each goes on with its own, shows the other's only when it
    /// has none, and both runs reach history on both.
    @Test func oneNameStartedOnTwoMachinesBeforeASyncKeepsBothRuns() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 13)
        let (desktop, laptop) = (machines[0], machines[1])
        #expect(desktop.run(["start", "work"]).status == .success)
        #expect(laptop.run(["start", "work"]).status == .success)
        #expect(laptop.run(["lap", "work", "--label", "mine"]).status == .success)
        desktop.clock.advance(by: .seconds(600))
        laptop.clock.advance(by: .seconds(300))
        try carryJournals(from: desktop, to: laptop)
        try carryJournals(from: laptop, to: desktop)

        for (machine, time) in [(desktop, "10:00.00"), (laptop, "05:00.00, 1 lap")] {
            let status = machine.run(["status", "work"])
            #expect(
                status.status == .success && status.output == "work: running \(time)\n",
                "its own, on \(machine.name): \(status.output)")
            #expect(machine.run(["list", "--names"]).output == "work\n")
        }
        // The other's, in use there, is listed beside: in `list`, the bars and history. A sync
        // engine's copy of a journal (should one machine id write on two machines) is none.
        let copy =
            laptop.home + "/work@" + MachineID(naming: desktop.name).hex
            + ".sync-conflict-20261127-010000-ABCDEFG.jsonl"
        try FileManager.default.copyItem(
            atPath: laptop.home + "/work@" + MachineID(naming: desktop.name).hex + ".jsonl", toPath: copy)
        let listed = laptop.run(["list"]).output
        #expect(listed.contains("work @machine-0  running") && listed.contains("work             running"), "\(listed)")
        #expect(
            listed.split(separator: "\n").filter { $0.hasPrefix("work") }.count == 2,
            "the copy is not a third: \(listed)")
        let bar = laptop.run(["list", "--format", "waybar"]).output
        #expect(bar.contains("@machine-0"), "\(bar)")
        let running = laptop.run(["history", "--csv"]).output.split(separator: "\n").filter {
            $0.contains(",work,") && $0.contains(",running,")
        }
        #expect(running.count == 2, "both runs in progress: \(running)")
        #expect(laptop.run(["laps", "work"]).output.contains("mine"))
        #expect(desktop.run(["reset", "work"]).status == .success)
        #expect(laptop.run(["reset", "work"]).status == .success)
        var random = SplitMix64(seed: 13)
        try carry(from: desktop, to: laptop, random: &random, tearing: false)
        try carry(from: laptop, to: desktop, random: &random, tearing: false)
        try carryJournals(from: desktop, to: laptop)
        try carryJournals(from: laptop, to: desktop)
        let histories = machines.map { $0.run(["history", "--csv"]).output }
        #expect(histories[0] == histories[1])
        let runs = histories[0].split(separator: "\n").dropFirst()
        #expect(runs.count == 2 && runs.allSatisfy { $0.contains(",work,") }, "\(histories[0])")
        #expect(
            runs.contains { $0.contains(",600000,") } && runs.contains { $0.contains(",300000,") },
            "each machine's run whole")

        // The laptop's reset and the desktop's running: the name is in use on the desktop, as it
        // was when the machines shared one file, until it is reset there.
        #expect(desktop.run(["start", "work"]).status == .success)
        try carryJournals(from: desktop, to: laptop)
        let json = laptop.run(["status", "work", "--json"]).output
        #expect(json.contains(#""machine":"machine-0""#) && json.contains(#""status":"running""#), "\(json)")
        #expect(laptop.run(["list"]).output.contains("work @machine-0  running"))
        #expect(laptop.run(["start", "work"]).status == .notApplicable)
        #expect(desktop.run(["reset", "work"]).status == .success)
        try carryJournals(from: desktop, to: laptop)
        #expect(
            laptop.run(["status", "work", "--json"]).output.contains(#""machine":null"#), "the laptop's own, both reset"
        )
        #expect(laptop.run(["start", "work"]).status == .success)
        #expect(laptop.run(["status", "work", "--json"]).output.contains(#""machine":null"#))
    }

    /// A journal named as 0.4.0 named it (`NAME.jsonl`) is read as this machine's, and carried
    /// over to this machine's file, laps and all, by its next change.
    @Test func aJournalNamedAs040IsCarriedOverToThisMachinesFile() throws {
        let directory = TemporaryDirectory()
        let machine = machines(1, in: directory, seed: 14)[0]
        #expect(machine.run(["start", "work"]).status == .success)
        #expect(machine.run(["lap", "work", "--label", "before"]).status == .success)
        let own = machine.home + "/work@" + MachineID(naming: machine.name).hex + ".jsonl"
        try FileManager.default.moveItem(atPath: own, toPath: machine.home + "/work.jsonl")
        #expect(machine.run(["status", "work"]).output.hasPrefix("work: running"))
        machine.clock.advance(by: .seconds(5))
        #expect(machine.run(["lap", "work", "--label", "after"]).status == .success)
        #expect(!FileManager.default.fileExists(atPath: machine.home + "/work.jsonl"), "carried over")
        #expect(FileManager.default.fileExists(atPath: own))
        let laps = machine.run(["laps", "work", "--csv"]).output
        #expect(laps.contains("before") && laps.contains("after"), "\(laps)")

        // A copy left by a power cut between the two is passed over, and removed by the next write.
        try FileManager.default.copyItem(atPath: own, toPath: machine.home + "/work.jsonl")
        #expect(machine.run(["lap", "work"]).status == .success)
        #expect(!FileManager.default.fileExists(atPath: machine.home + "/work.jsonl"))
        #expect(machine.run(["laps", "work", "--csv"]).output.split(separator: "\n").count == 4)
    }

    /// A stopwatch's journal comes with the state directory: another machine shows it as of the
    /// last sync, marked with where it runs, never writes it (not even the estimate a reading
    /// across boots pins), fires none of its hooks, and refuses to change it until it is reset there.
    @Test func aStopwatchRunningOnAnotherMachineIsShownAndNotChanged() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 11)
        let (desktop, laptop) = (machines[0], machines[1])
        #expect(desktop.run(["start", "work"]).status == .success)
        desktop.clock.advance(by: .seconds(90))
        try FileManager.default.createDirectory(atPath: laptop.home, withIntermediateDirectories: true)
        // The desktop's journals, as a sync engine carries them.
        let desktops = { (name: String) in name + "@" + MachineID(naming: desktop.name).hex + ".jsonl" }
        let journal = { (machine: Machine) in machine.home + "/" + desktops("work") }
        try FileManager.default.copyItem(atPath: journal(desktop), toPath: journal(laptop))
        let before = try Data(contentsOf: URL(fileURLWithPath: journal(laptop)))

        let status = laptop.run(["status", "work"])
        #expect(
            status.status == .success && status.output.hasSuffix(" (on machine-0, as of the last sync)\n"),
            "\(status.output)")
        let json = laptop.run(["status", "work", "--json"]).output
        #expect(json.contains(#""machine":"machine-0""#) && json.contains(#""status":"running""#))
        let bar = laptop.run(["status", "work", "--format", "waybar"]).output
        #expect(
            bar.contains(#""text":"work ~00:00 @machine-0""#),
            "where it runs, its time from the wall clocks (this one's five hours behind): \(bar)")
        let listed = laptop.run(["list"])
        #expect(listed.status == .success && listed.output.contains("work @machine-0  running"), "\(listed.output)")
        for command in [["pause", "work"], ["lap", "work"], ["reset", "work"], ["start", "work"]] {
            let refused = laptop.run(command)
            #expect(refused.status == .notApplicable, "\(command)")
            #expect(
                refused.messages.hasPrefix(
                    "stopwatch: 'work' runs on machine-0 (a state directory shared with it): change it there;"),
                "\(refused.messages)")
        }
        // Its run in progress, listed by history here, is corrected there too. (The laptop's
        // clock, five hours behind, put past the desktop's first: else the start is in its future.)
        laptop.clock.advance(by: .seconds(6 * 3600))
        let current = try #require(try laptop.runIDs().first)
        let corrected = laptop.run(["edit", String(current.prefix(8)), "--tag", "here"])
        #expect(
            corrected.status == .notApplicable && corrected.messages.contains("'work' runs on machine-0"),
            "\(corrected.messages)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal(laptop))) == before, "never written here")
        // Every expired countdown dismissed is this machine's: another's is dismissed there.
        #expect(desktop.run(["timer", "1s", "tea"]).status == .success)
        desktop.clock.advance(by: .seconds(2))
        try FileManager.default.copyItem(
            atPath: desktop.home + "/" + desktops("tea"), toPath: laptop.home + "/" + desktops("tea"))
        let tea = try Data(contentsOf: URL(fileURLWithPath: laptop.home + "/" + desktops("tea")))
        #expect(laptop.run(["timer", "1s", "mine"]).status == .success)
        laptop.clock.advance(by: .seconds(2))
        #expect(laptop.run(["status", "tea"]).output.hasPrefix("tea: expired"))
        let dismissed = laptop.run(["dismiss"])
        #expect(dismissed.status == .success && dismissed.messages.isEmpty, "\(dismissed.messages)")
        #expect(laptop.run(["status", "mine"]).output.hasPrefix("mine: initial"))
        #expect(laptop.run(["delete", "--expired"]).status == .success)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: laptop.home + "/" + desktops("tea"))) == tea,
            "the desktop's left to the desktop")
        #expect(desktop.run(["status", "work", "--json"]).output.contains(#""machine":null"#), "its own machine's")

        // Reset there, it is anyone's to start.
        #expect(desktop.run(["reset", "work"]).status == .success)
        try FileManager.default.removeItem(atPath: journal(laptop))
        try FileManager.default.copyItem(atPath: journal(desktop), toPath: journal(laptop))
        #expect(laptop.run(["start", "work"]).status == .success)
        #expect(laptop.run(["status", "work", "--json"]).output.contains(#""machine":null"#), "the laptop's now")
    }

    /// Two runs of one name, each recorded on its own machine: history's table tells them apart by
    /// the machine that recorded the other (its JSON by `machine`, on both).
    @Test func aRunAnotherMachineRecordedIsNamedWithItInTheTable() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 21)
        var random = SplitMix64(seed: 21)
        #expect(machines[0].run(["track", "2026-11-20 09:00", "2026-11-20 10:00", "work"]).status == .success)
        #expect(machines[1].run(["track", "2026-11-20 11:00", "2026-11-20 12:00", "work"]).status == .success)
        try exchangeAll(machines, random: &random, tearing: false)
        let rows = machines[0].run(["history"]).output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(
            rows.contains { $0.contains("work") && $0.contains("@machine-1") }
                && rows.contains { $0.contains("work") && !$0.contains { $0.hasPrefix("@") } }, "\(rows)")
        #expect(machines[1].run(["history"]).output.contains("work @machine-0"))
    }

    /// Two machines correct one run before either sees the other's correction: both apply, in
    /// history's one order, so the later stands on both, and the run is marked a conflict; a
    /// correction made after seeing the other's is none.
    @Test func aRunCorrectedOnTwoMachinesAtOnceIsMarkedAConflict() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 13)
        var random = SplitMix64(seed: 13)
        #expect(machines[0].run(["track", "2026-11-20 09:00", "2026-11-20 10:00", "build"]).status == .success)
        #expect(machines[0].run(["track", "2026-11-21 09:00", "2026-11-21 10:00", "build"]).status == .success)
        try carry(from: machines[0], to: machines[1], random: &random, tearing: false)
        let ids = try machines[0].runIDs()
        let (first, second) = (String(ids[1].prefix(8)), String(ids[0].prefix(8)))
        // The second run: corrected on one, then on the other after the first's arrived.
        #expect(machines[0].run(["edit", second, "--tag", "one"]).status == .success)
        try carry(from: machines[0], to: machines[1], random: &random, tearing: false)
        #expect(machines[1].run(["edit", second, "--tag", "two"]).status == .success)
        // The first run: corrected on both before either saw the other's.
        #expect(machines[0].run(["edit", first, "--tag", "laptop"]).status == .success)
        #expect(machines[1].run(["edit", first, "--tag", "desktop"]).status == .success)
        try exchangeAll(machines, random: &random, tearing: false)
        let outputs = machines.map { $0.run(["history", "--json"]).output }
        #expect(outputs[0] == outputs[1])
        let runs =
            try #require(try JSONSerialization.jsonObject(with: Data(outputs[0].utf8)) as? [String: Any])["runs"]
            as? [[String: Any]]
        let byID = Dictionary(uniqueKeysWithValues: (runs ?? []).map { ($0["id"] as! String, $0) })
        let conflicted = try #require(byID[ids[1]])
        let sequential = try #require(byID[ids[0]])
        #expect(conflicted["conflict"] as? Bool == true && sequential["conflict"] as? Bool == false)
        #expect(sequential["tags"] as? [String] == ["two"], "the later of two corrections in sequence")
        let tags = try #require(conflicted["tags"] as? [String])
        #expect(tags == ["laptop"] || tags == ["desktop"], "one of them, the later in history's order, on both")
        let table = machines[0].run(["history"]).output
        #expect(table.split(separator: "\n").contains { $0.hasPrefix(first) && $0.contains(" conflict ") }, "\(table)")
        // A correction made after seeing both settles it: the mark goes, on both once synced.
        #expect(machines[1].run(["edit", first, "--tag", "settled"]).status == .success)
        try exchangeAll(machines, random: &random, tearing: false)
        for machine in machines {
            let settled =
                try #require(
                    try JSONSerialization.jsonObject(with: Data(machine.run(["history", "--json"]).output.utf8))
                        as? [String: Any])["runs"] as? [[String: Any]]
            let run = try #require(settled?.first { ($0["id"] as? String) == ids[1] })
            #expect(
                run["conflict"] as? Bool == false && run["tags"] as? [String] == ["settled"], "\(machine.name): \(run)")
        }
    }

    /// `undo` reads the ends of every machine's file: another machine's latest change, longer
    /// than the first end read (an import of many runs), is still the one undone.
    @Test func undoTakesBackTheLatestChangeOfAnyMachineHoweverLong() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 17)
        var random = SplitMix64(seed: 17)
        #expect(machines[0].run(["track", "2026-11-20 09:00", "2026-11-20 10:00", "build"]).status == .success)
        try carry(from: machines[0], to: machines[1], random: &random, tearing: false)
        // Forty intervals in one change: more than the 2 KiB of each file undo reads first.
        let intervals = (0..<40).map {
            #"{"id":\#($0 + 1),"start":"202611\#(String(format: "%02d", 1 + $0 / 4))T0\#($0 % 4)0000Z","end":"202611\#(String(format: "%02d", 1 + $0 / 4))T0\#($0 % 4)3000Z","tags":["read"]}"#
        }
        let file = directory.file("export.json")
        try ("[" + intervals.joined(separator: ",") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = machines[1].run(["import", file])
        #expect(imported.status == .success, "\(imported.messages)")
        try carry(from: machines[1], to: machines[0], random: &random, tearing: false)
        #expect(try machines[0].runIDs().count == 41)
        let undone = machines[0].run(["undo"])
        #expect(undone.status == .success && undone.output.contains("import"), "\(undone.output)\(undone.messages)")
        #expect(try machines[0].runIDs().count == 1)
    }

    /// Two machines given one id (a cloned machine that kept its `/etc/machine-id`) write one
    /// file; git's union merge of their clones keeps both sides' lines, one side's after the
    /// other's or, as its manual warns, in any order. Every change is read once, in its order, the
    /// same on both, and the next change on either comes after all of them.
    @Test(arguments: [false, true])
    func aFileUnionMergedFromTwoClonesReadsWhole(shuffled: Bool) throws {
        let directory = TemporaryDirectory()
        let one = Machine(name: "twin", home: directory.file("one"), clockOffset: .zero, seed: 21, zone: zone)
        let other = Machine(
            name: "twin", home: directory.file("other"), clockOffset: .seconds(-3600), seed: 22, zone: zone)
        #expect(one.run(["track", "2026-11-20 09:00", "2026-11-20 10:00", "build"]).status == .success)
        #expect(one.run(["track", "2026-11-21 09:00", "2026-11-21 10:00", "build"]).status == .success)
        var random = SplitMix64(seed: shuffled ? 23 : 24)
        try carry(from: one, to: other, random: &random, tearing: false)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: one.history).first { $0.hasPrefix("events-") })
        let read = { (machine: Machine) in try String(contentsOfFile: machine.history + "/" + file, encoding: .utf8) }
        let base = try read(one)
        let ids = try one.runIDs()

        // Apart: a block, a correction and an import of many lines (one change) on one; a block
        // and a removal on the other.
        let intervals = (0..<12).map {
            #"{"id":\#($0 + 1),"start":"2026111\#($0 / 4)T0\#($0 % 4)0000Z","end":"2026111\#($0 / 4)T0\#($0 % 4)3000Z","tags":["read"]}"#
        }
        let export = directory.file("export.json")
        try ("[" + intervals.joined(separator: ",") + "]").write(toFile: export, atomically: true, encoding: .utf8)
        #expect(one.run(["track", "2026-11-22 09:00", "2026-11-22 10:00", "review"]).status == .success)
        #expect(one.run(["edit", String(ids[0].prefix(8)), "--tag", "one"]).status == .success)
        #expect(one.run(["import", export]).status == .success)
        #expect(other.run(["track", "2026-11-23 09:00", "2026-11-23 09:30", "build"]).status == .success)
        #expect(other.run(["remove", String(ids[1].prefix(8))]).status == .success)

        // The union: the base, then one side's lines and the other's, or all of them shuffled.
        var added =
            try read(one).dropFirst(base.count).split(separator: "\n")
            + read(other).dropFirst(base.count).split(separator: "\n")
        if shuffled {
            for index in added.indices.reversed() { added.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        }
        let union = base + added.map { $0 + "\n" }.joined()
        for machine in [one, other] {
            try union.write(toFile: machine.history + "/" + file, atomically: true, encoding: .utf8)
        }

        let outputs = [one, other].map(outputs)
        #expect(outputs[0] == outputs[1], "the same on both")
        #expect(one.messages.text.isEmpty, "no line passed over: \(one.messages.text)")
        let merged = try one.runIDs()
        #expect(
            merged.count == 2 + 1 + 12 + 1 - 1 && Set(merged).count == merged.count, "every run once: \(merged.count)")
        #expect(!merged.contains(ids[1]), "the removal holds")
        #expect(one.run(["history", "--csv"]).output.contains("one"), "the correction holds")
        // The next change on either comes after every change in the file, wherever its line is.
        let highest = union.split(separator: "\n").compactMap { Int64($0.split(separator: "\t")[4]) }.max() ?? 0
        #expect(other.run(["track", "2026-11-24 09:00", "2026-11-24 09:30", "last"]).status == .success)
        let last = try read(other).split(separator: "\n").last.map { Int64($0.split(separator: "\t")[4]) } ?? nil
        #expect(last == highest + 1)
        let undone = other.run(["undo"])
        #expect(undone.status == .success && undone.output.contains("last"), "\(undone.output)")
    }
}
