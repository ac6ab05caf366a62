/// Runs as `timew export` prints intervals (docs/json-format.md, "history --format timew"): a JSON
/// array, oldest first, an object a line, `{"id":N,"start":…,"end":…,"tags":[…]}`, `id` 1 for the
/// latest; times UTC in ISO 8601's basic form, to the second. A run's tags are its name first,
/// then its own tags (the name an import gives a run of no tags, `untagged`, left out), so that
/// `import` reads the name back as the first tag and the rest as tags; its end is its start and
/// the time it booked (Timewarrior has no pauses); a run still going has no end.
struct TimewarriorDocument {
    var runs: [RunViewState]

    var text: String {
        let ordered = runs.sorted { $0.utcStart < $1.utcStart }
        var lines = ["["]
        for (index, run) in ordered.enumerated() {
            var tags = run.tags.filter { $0 != run.name }
            if run.name != ImportFormat.untagged.rawValue { tags.insert(run.name, at: 0) }
            var members = [#""id":\#(ordered.count - index)"#, #""start":"\#(run.utcStart)""#]
            if let end = run.utcBookedEnd { members.append(#""end":"\#(end)""#) }
            if !tags.isEmpty { members.append(#""tags":"# + JSONWriter.compact(.array(tags.map { .string($0) }))) }
            lines.append("{" + members.joined(separator: ",") + "}" + (index + 1 < ordered.count ? "," : ""))
        }
        lines.append("]")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same runs as `timew track` commands, one a line, oldest first: how history moves into
    /// a Timewarrior that has no `import` (Debian's 1.4), `history --format timew-track | sh`.
    /// Times UTC in ISO 8601 (`2026-11-25T09:00:00Z`, which `timew` reads in any zone), the
    /// name and tags as Timewarrior's tags, the name first (Timewarrior keeps no order among
    /// them). A run still going has no end to track, and is left out.
    var trackCommands: String {
        var text = ""
        for run in runs.sorted(by: { $0.utcStart < $1.utcStart }) {
            guard let end = run.utcBookedEnd else { continue }
            var tags = run.tags.filter { $0 != run.name }
            if run.name != ImportFormat.untagged.rawValue { tags.insert(run.name, at: 0) }
            text +=
                "timew track " + Self.extended(run.utcStart) + " - " + Self.extended(end)
                + tags.map { " " + $0 }.joined() + " :yes\n"
        }
        return text
    }

    /// `20261125T090000Z` as `2026-11-25T09:00:00Z`.
    static func extended(_ basic: String) -> String {
        let b = Array(basic)
        guard b.count == 16 else { return basic }
        return String(b[0..<4]) + "-" + String(b[4..<6]) + "-" + String(b[6..<8]) + "T" + String(b[9..<11]) + ":"
            + String(b[11..<13]) + ":" + String(b[13..<16])
    }
}
