/// `undo` and `redo`, as the model follows them.
extension ModelCommand {
    /// `undo` (or `redo`): the latest change in effect this machine has seen (or the latest undo),
    /// refused where a stopwatch it set has changed since.
    mutating func undo(redo: Bool) -> ReferenceModel.Expectation {
        let seen = model.seen(by: index, in: simulation)
        let effective = ReferenceModel.inEffect(seen)
        var candidate: ModelEntry?
        if redo {
            for (entry, isInEffect) in zip(seen, effective).reversed() where isInEffect {
                if entry.isUndo, entry.target != nil, !entry.isRedo {
                    candidate = entry
                } else if entry.isRedo {
                    continue
                }
                break
            }
        } else {
            candidate = zip(seen, effective).reversed().first { $0.1 && $0.0.target == nil }?.0
        }
        guard let candidate, let targetID = redo ? candidate.target : candidate.id,
            let target = seen.first(where: { $0.id == targetID })
        else {
            return .init(statuses: [1], why: "nothing to \(redo ? "redo" : "undo")")
        }
        var unsure = false
        let seenHere = model.stopwatches(seenBy: index, files: filesBefore, in: simulation)
        for (key, before, after) in target.stopwatches {
            let (from, to) = redo ? (before, after) : (after, before)
            let current = key.machine == index ? model.stopwatches[key] : seenHere[key]
            if key.machine != index { unsure = true }
            guard Self.same(current, from) else {
                if Self.same(current, to) { continue }
                // Another machine's is known here only by its journal's last line, which keeps
                // less than the model does: the tool, reading it whole, decides.
                if key.machine != index, outcome.status == 0 { continue }
                return .init(
                    statuses: unsure ? [0, 1] : [1],
                    why: "'\(key.name)' changed since the change \(redo ? "redone" : "undone")")
            }
            // Another machine's put back with laps needs the journal that machine kept with the
            // change (`history/NAME@START.jsonl`), which a sync may not have carried here yet.
            if key.machine != index, let to, !to.laps.isEmpty, let start = to.startWall,
                current?.runID != to.runID || current?.laps.count != to.laps.count,
                filesBefore["history/\(key.name)@\(start).jsonl"] == nil
            {
                return .init(statuses: [1], why: "the laps of '\(key.name)' kept elsewhere have not reached here yet")
            }
            // Another machine's comes back there when the engine carries its journal.
            guard key.machine == index else { continue }
            let model = model
            commit { model.stopwatches[key] = to }
        }
        var made = ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
        made.target = candidate.id
        made.isUndo = !redo
        made.isRedo = redo
        entry = made
        return .init(statuses: unsure ? [0, 1] : [0], why: "\(redo ? "redo" : "undo") of the latest change")
    }

    /// Two states of a stopwatch the same as `undo` compares them: the run's id aside, which the
    /// model learns after the fact.
    static func same(_ a: ModelStopwatch?, _ b: ModelStopwatch?) -> Bool {
        guard var a, var b else { return a == nil && b == nil }
        if let one = a.runID, let other = b.runID, one != other { return false }
        a.runID = nil
        b.runID = nil
        return a == b
    }
}
