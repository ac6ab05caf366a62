import Foundation

/// A line of history edited by hand, and the check that nothing the tool does cuts it out.
extension Simulation {
    /// Retypes a letter of a line of machine `index`'s own history file, as a person with an editor
    /// might, so the line fails its check; history must then say so and read on.
    func editHistory(_ index: Int, seed: UInt64, step: SimulationStep) throws(SimulationFailure) {
        let machine = machines[index]
        var files = machine.files
        // Its own file, named by its id: never whichever of the machines' files a dictionary
        // gives first (its order differs from one process to the next).
        let path = "history/events-" + ReferenceModel.machineID(machine.name) + ".tsv"
        guard let bytes = files[path], !bytes.isEmpty else { return }
        // A whole line, one of its letters retyped: the line still ends where it did, but fails its check.
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        guard !lines.isEmpty else { return }
        var random = SplitMix64(seed: seed)
        let number = Int(random.next() % UInt64(lines.count))
        var line = Array(lines[lines.index(lines.startIndex, offsetBy: number)])
        guard
            let letter = line.indices.dropFirst(10).first(where: {
                (UInt8(ascii: "a")...UInt8(ascii: "y")).contains(line[$0])
            })
        else { return }
        line[letter] += 1
        var edited: [UInt8] = []
        for (offset, original) in lines.enumerated() {
            edited += (offset == number ? line : Array(original)) + [UInt8(ascii: "\n")]
        }
        files[path] = edited
        machine.replaceFiles(with: files)
        // A line edited again by hand is the later edit's: the earlier is no longer there to keep.
        let replaced = Array(lines[lines.index(lines.startIndex, offsetBy: number)])
        editedLines.removeAll { $0.machine == index && $0.file == path && $0.line == replaced }
        editedLines.append((index, path, line, letter))
        model.historyEditedByHand()
        var outcome = machine.run(["history", "--json"])
        // An edit that keeps the file's length, in the middle of what the snapshot covers (past
        // its first 4 KiB and before its last), is read once the snapshot is deleted, as
        // docs/state-format.md says: so a person who knows of the edit does.
        let offset = lines.prefix(number).reduce(0) { $0 + $1.count + 1 } + letter
        if !names(outcome.messages, path: path, line: number + 1), Self.isUnseenBySnapshots(offset, in: edited.count) {
            deleteSnapshots(of: machine)
            outcome = machine.run(["history", "--json"])
        }
        try check(outcome.status == 0, step, "history after a line edited by hand exits \(outcome.status)")
        let damaged = (json(outcome.output)?["damagedLines"] as? Int) ?? 0
        try check(damaged >= 1, step, "a line of \(path) edited by hand is not reported: damagedLines \(damaged)")
        try check(
            names(outcome.messages, path: path, line: number + 1), step,
            "a line edited by hand is reported with its file and line (\(path), line \(number + 1)): \(outcome.messages.debugDescription)"
        )
    }

    /// Whether a letter edited by hand lies, on some machine, where a snapshot made before the
    /// edit may not see it: past its file's first 4 KiB and before its last (docs/state-format.md:
    /// a snapshot checks the first and the last 4 KiB of what it covers). A machine that read the
    /// file whole then differs from one whose snapshot covered it, until the snapshot is deleted.
    var isAnEditUnseenBySnapshots: Bool {
        editedLines.contains { edit in
            machines.contains { machine in
                guard let bytes = machine.files[edit.file], let range = bytes.firstRange(of: edit.line) else {
                    return false
                }
                return Self.isUnseenBySnapshots(range.lowerBound + edit.at, in: bytes.count)
            }
        }
    }

    /// Whether a byte changed at `offset` of a file of `count` bytes may be unseen by a snapshot
    /// that covered it: past the first 4 KiB and before the last.
    private static func isUnseenBySnapshots(_ offset: Int, in count: Int) -> Bool {
        offset >= 4096 && offset < count - 4096
    }

    /// Deletes the snapshots (`history/snapshot-*`) of `machine`, or of every machine, as
    /// docs/state-format.md says to after a hand edit they do not see.
    func deleteSnapshots(of machine: SimulatedMachine? = nil) {
        for machine in machine.map({ [$0] }) ?? machines {
            machine.replaceFiles(with: machine.files.filter { !$0.key.hasPrefix("history/snapshot-") })
        }
    }

    /// Whether `messages` name line `line` of `path`.
    private func names(_ messages: String, path: String, line: Int) -> Bool {
        messages.split(separator: "\n").filter { $0.contains(path) }.flatMap {
            $0.split(whereSeparator: { !$0.isNumber })
        }.contains(Substring(String(line)))
    }

    /// Every line edited by hand is still in its file, or in a conflict copy of it the sync
    /// engine made where another machine's change to the file met the edit: only a torn append
    /// may be cut off.
    func checkEditedLinesKept(step: SimulationStep) throws(SimulationFailure) {
        for edit in editedLines {
            let files = machines[edit.machine].files
            guard files[edit.file] != nil else { continue }
            let stem = edit.file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(
                separator: ".")
            let kept = files.filter { $0.key == edit.file || $0.key.hasPrefix(stem + ".sync-conflict-") }.values
            try check(
                kept.contains { $0.split(separator: UInt8(ascii: "\n")).contains { Array($0) == edit.line } }, step,
                "the line of \(edit.file) edited by hand was cut out of it by a later change")
        }
    }
}
