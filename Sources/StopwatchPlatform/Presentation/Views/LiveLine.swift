/// The live view's status line, fitted to the window by leaving out its least important parts
/// first, never by cutting its right end.
///
/// The parts are kept by rank, and a lower one still goes in where it fits: the time always;
/// then, in order, the name, the word after the time (`left`, `ago`), the status, the lap count, a
/// hint, `of TOTAL`, the progress bar, the end time and the estimate's note. So `demo: 00:01.23`
/// fits in 14 columns and `00:01.23` in 8; only a window narrower than the time itself cuts it.
struct LiveLine: Hashable {
    struct Part: Hashable {
        var text: String
        /// Higher stays longer; the time's rank is `time`, which is never left out.
        var rank: Int
    }

    static let time = 100
    var parts: [Part]

    init(_ state: StopwatchViewState, hint: String? = nil) {
        var parts: [Part] = []
        parts.reserveCapacity(8)
        parts.append(Part(text: state.name + ":", rank: 90))
        let estimated = state.isEstimated ? "~" : ""
        if let countdown = state.countdown {
            if countdown.isExpired {
                parts.append(Part(text: " " + (state.status == "expired" ? "expired" : "\(state.status), expired"), rank: 70))
                parts.append(Part(text: " \(estimated)\(countdown.overtime.clock)", rank: Self.time))
                parts.append(Part(text: " ago", rank: 80))
                parts.append(Part(text: " (countdown of \(countdown.duration.clock))", rank: 50))
            } else {
                parts.append(Part(text: " \(state.status)", rank: 70))
                parts.append(Part(text: " \(estimated)\(countdown.remaining.clock)", rank: Self.time))
                parts.append(Part(text: " left", rank: 80))
                parts.append(Part(text: " of \(countdown.duration.clock)", rank: 50))
                if let ends = countdown.endsAt { parts.append(Part(text: ", ends \(ends)", rank: 25)) }
                parts.append(Part(text: Self.bar(countdown), rank: 30))
            }
        } else {
            parts.append(Part(text: " \(state.status)", rank: 70))
            parts.append(Part(text: " \(estimated)\(state.elapsed.clock)", rank: Self.time))
            if state.lapCount > 0 {
                parts.append(Part(text: ", \(state.lapCount) lap" + (state.lapCount == 1 ? "" : "s"), rank: 60))
            }
        }
        if let hint { parts.append(Part(text: "  (\(hint))", rank: 55)) }
        if state.isEstimated { parts.append(Part(text: " (estimated: the machine restarted while it ran)", rank: 20)) }
        self.parts = parts
    }

    /// The whole line, with every part.
    var text: String {
        var text = ""
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.utf8.count })
        for part in parts { text += part.text }
        return text
    }

    /// The line as it fits in `width` columns.
    func fitted(to width: Int) -> String {
        // Bytes are never fewer than characters, and counting them is cheap: the usual case, on
        // every tick, is a line that fits.
        if parts.reduce(0, { $0 + $1.text.utf8.count }) <= width { return text }
        var length = 0
        var keep = [Bool](repeating: false, count: parts.count)
        for index in parts.indices.sorted(by: { parts[$0].rank > parts[$1].rank }) {
            let count = parts[index].text.count
            if parts[index].rank >= Self.time || length + count <= width {
                keep[index] = true
                length += count
            }
        }
        let kept = parts.indices.filter { keep[$0] }.map { parts[$0].text }.joined()
        let line = String(kept.drop(while: { $0 == Character(" ") }))
        return line.count <= width ? line : String(line.prefix(max(1, width)))
    }

    /// ` [#####---------------] 25%`: how much of the countdown has run.
    static func bar(_ countdown: CountdownViewState) -> String {
        let filled = countdown.progressPermille * 20 / 1000
        let cells = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
        return " [\(cells)] \(countdown.progressPermille / 10)%"
    }
}
