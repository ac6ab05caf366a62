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
        editedLines.append((index, path, line))
        model.historyEditedByHand()
        let outcome = machine.run(["history", "--json"])
        try check(outcome.status == 0, step, "history after a line edited by hand exits \(outcome.status)")
        let damaged = (json(outcome.output)?["damagedLines"] as? Int) ?? 0
        try check(damaged >= 1, step, "a line of \(path) edited by hand is not reported: damagedLines \(damaged)")
        let numbers = outcome.messages.split(separator: "\n").filter { $0.contains(path) }.flatMap {
            $0.split(whereSeparator: { !$0.isNumber })
        }
        try check(
            numbers.contains(Substring(String(number + 1))), step,
            "a line edited by hand is reported with its file and line (\(path), line \(number + 1)): \(outcome.messages.debugDescription)"
        )
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
