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
}
