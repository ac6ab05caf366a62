import Foundation

/// The bars against the JSON: what a status bar shows of a stopwatch is what `status --json`
/// says of it, by the rules the README gives, worked out here from the JSON's figures alone.
extension ReferenceModel {
    /// `status NAME --format waybar` against `status NAME --json` (`json`): its first class is
    /// the status, and the time in its text is the one the figures give, in whole seconds.
    func checkBar(_ machine: SimulatedMachine, _ name: String, json: [String: Any]) -> Result<Void, ModelMismatch> {
        let outcome = machine.run(["status", name, "--format", "waybar"])
        guard let bar = try? JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any],
            let text = bar["text"] as? String
        else {
            return .failure(
                ModelMismatch(
                    "\(machine.name): 'status \(name) --format waybar' is no object (exit \(outcome.status))"))
        }
        let first = (bar["class"] as? [String])?.first ?? bar["class"] as? String
        guard first == json["status"] as? String else {
            return .failure(
                ModelMismatch(
                    "\(machine.name): 'status \(name) --format waybar' has class \(first ?? "none"), "
                        + "'--json' the status \(json["status"] ?? "none")"))
        }
        guard let expected = Self.barSeconds(json) else { return .success(()) }
        guard let shown = Self.seconds(in: text), shown == expected else {
            return .failure(
                ModelMismatch(
                    "\(machine.name): 'status \(name) --format waybar' shows \(text.debugDescription), "
                        + "'--json' gives \(expected) s"))
        }
        return .success(())
    }

    /// The whole seconds a bar shows of the stopwatch `json` describes: a phase's time over, else
    /// its time left (its length less the time it has run, cut to the second); an expired
    /// countdown's time since zero; a countdown's time left, the same way; else the time elapsed,
    /// cut to the second. Nil where the JSON does not give it (a cycle that has ended).
    static func barSeconds(_ json: [String: Any]) -> Int64? {
        func micro(_ key: String, _ object: [String: Any]) -> Int64? { (object[key] as? NSNumber)?.int64Value }
        let second: Int64 = 1_000_000
        // A cycle that has ended tells the time since its end, which its JSON does not give.
        if json["kind"] as? String == "cycle", json["status"] as? String == "expired" { return nil }
        if let phase = json["phase"] as? [String: Any] {
            if let over = micro("overMicroseconds", phase), over > 0 { return over / second }
            guard let duration = micro("durationMicroseconds", phase),
                let remaining = micro("remainingMicroseconds", phase)
            else { return nil }
            return (duration - (duration - remaining) / second * second) / second
        }
        guard let elapsed = micro("elapsedMicroseconds", json) else { return nil }
        switch json["kind"] as? String {
        case "countdown":
            if json["expired"] as? Bool == true { return micro("overtimeMicroseconds", json).map { $0 / second } }
            guard let duration = micro("durationMicroseconds", json) else { return nil }
            return (duration - elapsed / second * second) / second
        case "stopwatch":
            return elapsed / second
        default:
            return nil
        }
    }

    /// The first time in `text`, `MM:SS` or `H:MM:SS`, in seconds.
    static func seconds(in text: String) -> Int64? {
        for word in text.split(separator: " ") {
            let digits = word.drop { $0 == "~" || $0 == "+" || $0 == "-" }
            let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
            let values = parts.compactMap { Int64($0) }
            guard parts.count >= 2, values.count == parts.count else { continue }
            return values.reduce(0) { $0 * 60 + $1 }
        }
        return nil
    }
}
