import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// History on several machines sharing a state directory through a sync engine: each machine
/// runs random commands on its own copy, with its own clock (one hours off), and the files are
/// exchanged in random orders, as Syncthing or a synced folder carries them: what a machine writes
/// goes to the others whole, or first cut short mid-transfer, and a conflict copy of an older
/// version is left beside it now and then. Once every file is everywhere, `history --json` and
/// `report --json` print the same bytes on every machine; exchanging again changes nothing; and
/// every run ended anywhere is there once.
@Suite struct SeveralMachinesTests {
    let zone = ManualTimeZone(offset: .seconds(3600))

    /// One machine: its own state directory, clock, ids and outputs.
    final class Machine {
        let name: String
        let home: String
        let clock: ManualTimeSource
        let output = RecordingOutput()
        let messages = RecordingOutput()
        let runner: CommandRunner

        /// `snapshotSize` 0 keeps and renews a snapshot of history at every reading; `.max`
        /// never keeps one.
        init(
            name: String, home: String, clockOffset: Duration, seed: UInt64, zone: ManualTimeZone,
            snapshotSize: Int64 = .max
        ) {
            self.name = name
            self.home = home
            // 2026-11-26 08:00 UTC, or hours off; each machine its own boot.
            clock = ManualTimeSource(
                wall: .seconds(1_795_680_000) + clockOffset, bootSession: BootSession("boot-" + name))
            let store = JSONFileStopwatchStore(
                directoryPath: home, timeSource: clock, zone: zone, historySnapshotSize: snapshotSize, machine: name)
            let container = DependencyContainer(
                store: store, history: store.history, timeSource: clock, timeZone: zone,
                ids: SequentialIDSource(seed: seed), output: output,
                messages: messages
            )
            let (output, messages) = (output, messages)
            runner = CommandRunner(output: output, messages: messages, makeContainer: { container })
        }

        var history: String { home + "/history" }

        /// Runs a command, its output and messages.
        @discardableResult
        func run(_ arguments: [String]) -> (status: ExitCode, output: String, messages: String) {
            output.clear()
            messages.clear()
            let status = runner.run(arguments)
            return (status, output.text, messages.text)
        }

        /// The ids of the runs this machine's history holds.
        func runIDs() throws -> [String] {
            let result = run(["history", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            return (object?["runs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
    }

    /// `count` machines, the second with a clock five hours behind; the first keeps a snapshot
    /// of history and reads the changes since it (as a long history is read).
    func machines(_ count: Int, in directory: TemporaryDirectory, seed: UInt64) -> [Machine] {
        (0..<count).map { index in
            Machine(
                name: "machine-\(index)", home: directory.file("m\(index)"),
                clockOffset: index == 1 ? .seconds(-5 * 3600) : .zero,
                seed: seed &* 31 &+ UInt64(index) &* 0x1_0000_0001, zone: zone, snapshotSize: index == 0 ? 0 : .max
            )
        }
    }

    /// What a sync engine carries from `source` to `target`: each file of history `target` lacks
    /// or has shorter (a file has one writer, and grows), whole or, with `tearing`, now and then
    /// cut short mid-transfer; now and then a conflict copy of the version it replaces left
    /// beside it.
    func carry(from source: Machine, to target: Machine, random: inout SplitMix64, tearing: Bool) throws {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: source.history) else { return }
        try files.createDirectory(atPath: target.history, withIntermediateDirectories: true)
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("snapshot") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source.history + "/" + name))
            let destination = target.history + "/" + name
            let existing = try? Data(contentsOf: URL(fileURLWithPath: destination))
            guard (existing?.count ?? -1) < bytes.count else { continue }
            if let existing, name.hasPrefix("events-"), random.next() % 4 == 0 {
                let copy = name.dropLast(4) + ".sync-conflict-20261126-120000-\(random.next() % 1000).tsv"
                try existing.write(to: URL(fileURLWithPath: target.history + "/" + copy))
            }
            var carried = bytes
            if tearing, random.next() % 4 == 0, bytes.count > (existing?.count ?? 0) + 1 {
                let from = existing?.count ?? 0
                carried = bytes.prefix(from + 1 + Int(random.next() % UInt64(bytes.count - from - 1)))
            }
            try carried.write(to: URL(fileURLWithPath: destination))
        }
    }

    /// One random command on `machine`.
    func step(_ machine: Machine, _ index: Int, random: inout SplitMix64) throws {
        let names = ["build", "focus", "read"]
        let name = names[Int(random.next() % 3)]
        switch random.next() % 10 {
        case 0..<4:
            // A block on a day before any clock's today, at minutes the seed picks.
            let day = 10 + Int(random.next() % 10)
            let minute = Int(random.next() % (20 * 60))
            let start = String(format: "2026-11-%02d %02d:%02d", day, minute / 60, minute % 60)
            let end = String(format: "2026-11-%02d %02d:%02d", day, (minute + 30) / 60, (minute + 30) % 60)
            machine.run(["track", start, end, name + "-\(machine.name)", "--tag", "t\(index % 3)"])
        case 4..<6:
            machine.run(["start", name])
            machine.clock.advance(by: .seconds(Int64(60 + random.next() % 600)))
            machine.run(["reset", name])
        case 6:
            let ids = try machine.runIDs()
            guard !ids.isEmpty else { return }
            machine.run(["remove", ids[Int(random.next() % UInt64(ids.count))]])
        case 7, 8:
            let ids = try machine.runIDs()
            guard !ids.isEmpty else { return }
            machine.run(["edit", ids[Int(random.next() % UInt64(ids.count))], "--tag", "edited\(index)"])
        default:
            machine.run(["undo"])
        }
        machine.clock.advance(by: .seconds(7))
    }

    /// Every file to every machine, in a random order of pairs: history's, and the stopwatches'
    /// journals (the machines use the same names).
    func exchangeAll(_ machines: [Machine], random: inout SplitMix64, tearing: Bool) throws {
        var pairs = machines.indices.flatMap { a in machines.indices.filter { $0 != a }.map { (a, $0) } }
        for index in pairs.indices.reversed() { pairs.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        for (source, target) in pairs {
            try carry(from: machines[source], to: machines[target], random: &random, tearing: tearing)
            try carryJournals(from: machines[source], to: machines[target])
        }
    }

    func outputs(_ machine: Machine) -> [String] {
        [
            machine.run(["history", "--json"]).output, machine.run(["report", "--json"]).output,
            machine.run(["history", "--csv"]).output,
        ]
    }

    @Test(arguments: [(2, UInt64(1)), (2, 2), (2, 3), (3, 4), (3, 5), (3, 6)])
    func everyMachineReadsTheSameHistory(count: Int, seed: UInt64) throws {
        let directory = TemporaryDirectory()
        let machines = machines(count, in: directory, seed: seed)
        var random = SplitMix64(seed: seed)
        for index in 0..<40 {
            try step(machines[Int(random.next() % UInt64(count))], index, random: &random)
            // Now and then, some machine's files go to another.
            if random.next() % 3 == 0 {
                let source = Int(random.next() % UInt64(count))
                let target = (source + 1 + Int(random.next() % UInt64(count - 1))) % count
                try carry(from: machines[source], to: machines[target], random: &random, tearing: true)
                try carryJournals(from: machines[source], to: machines[target])
            }
        }
        // A last run on each, which nothing undoes; and no run left in progress (an undo of a
        // reset gives one back), which its machine alone would list.
        for (index, machine) in machines.enumerated() {
            for name in ["build", "focus", "read"] { machine.run(["reset", name]) }
            #expect(
                machine.run(["track", "2026-11-25 0\(index):00", "2026-11-25 0\(index):20", "last-\(index)"]).status
                    == .success)
        }
        // Files carried, cut short now and then, until every one is everywhere whole.
        try exchangeAll(machines, random: &random, tearing: true)
        try exchangeAll(machines, random: &random, tearing: false)
        try exchangeAll(machines, random: &random, tearing: false)
        let first = outputs(machines[0])
        #expect(machines[0].messages.text.isEmpty, "\(machines[0].messages.text)")
        for machine in machines.dropFirst() {
            #expect(outputs(machine) == first, "\(machine.name) reads what \(machines[0].name) reads")
        }
        // Read whole, with no snapshot, the first machine's history is the same.
        let whole = Machine(name: machines[0].name, home: machines[0].home, clockOffset: .zero, seed: 1, zone: zone)
        #expect(outputs(whole) == first, "the snapshot and the changes since read as the whole")
        // Exchanging again changes nothing.
        try exchangeAll(machines, random: &random, tearing: false)
        for machine in machines { #expect(outputs(machine) == first) }
        let ids = try machines[0].runIDs()
        #expect(Set(ids).count == ids.count, "no run twice")
        let history = first[0]
        for index in machines.indices {
            #expect(
                history.components(separatedBy: "\"last-\(index)\"").count == 2, "the last run of machine \(index) once"
            )
        }
    }
}
