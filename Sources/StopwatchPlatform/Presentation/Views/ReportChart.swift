import StopwatchCore

/// `report --chart`: a report drawn in the terminal, as bars of its rows or a calendar of its
/// days, fitting `width` columns (80 into a pipe) without wrapping.
///
/// On a terminal with colours, blocks (`█`, eighths of one at a bar's end) in colour: a row's by
/// its name, tags or phase, so that each keeps its colour in every report; elsewhere (`NO_COLOR`,
/// `TERM=dumb`, a pipe), plain ASCII. The legend says what a block is worth.
public enum ReportChart {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A bar a row, in proportion to its time.
        case bars
        /// A year of days as a heat map of their totals, a week a column, with the current streak.
        case calendar
        /// Each day a row on an hour axis, the runs' spans marked (the last 7 days unless told).
        case timeline
    }

    /// How the chart is drawn: blocks in colour, or ASCII.
    public struct Style: Sendable, Hashable {
        public var unicode: Bool
        public var colors: Bool

        public init(unicode: Bool, colors: Bool) {
            self.unicode = unicode
            self.colors = colors
        }

        public static let plain = Style(unicode: false, colors: false)
    }

    static func text(_ state: ReportViewState, kind: Kind, width: Int?, style: Style) -> String {
        // One column short of the window: a line as wide as it wraps on some terminals.
        let columns = max(20, (width ?? 80) - 1)
        switch kind {
        case .bars: return bars(state, columns: columns, style: style)
        case .calendar: return calendar(state, columns: columns, style: style)
        case .timeline: return timeline(state, columns: columns, style: style)
        }
    }

    // MARK: Bars

    /// Round durations a block may be worth, from a second to a week.
    static let units: [Int64] = [
        1, 5, 15, 30, 60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 43_200, 86_400, 172_800, 604_800,
    ].map { $0 * 1000 }

    static func bars(_ state: ReportViewState, columns: Int, style: Style) -> String {
        let keys = state.rows.map { $0.keys.map { $0.isEmpty ? "-" : $0 }.joined(separator: "  ") }
        let times = state.rows.map(\.elapsed.clock)
        let timeWidth = (times + [state.total.elapsed.clock]).map(\.count).max() ?? 0
        // The keys take what they need, leaving a bar six cells at least; cut beyond (`fit`).
        let keyWidth = min(max(5, keys.map(\.count).max() ?? 0), max(5, columns - timeWidth - 4 - 6))
        let cells = max(1, columns - keyWidth - timeWidth - 4)
        let longest = state.rows.map(\.elapsed.milliseconds).max() ?? 0
        let unit = units.first { longest <= $0 * Int64(cells) } ?? units.last!
        var lines: [String] = []
        for (index, row) in state.rows.enumerated() {
            let key = fit(keys[index], keyWidth, style: style)
            let bar = bar(row.elapsed.milliseconds, unit: unit, style: style)
            let painted =
                style.colors && !bar.isEmpty ? "\u{1B}[\(color(of: row, in: state))m" + bar + "\u{1B}[0m" : bar
            lines.append(
                key + pad("", keyWidth - key.count) + "  " + pad(times[index], timeWidth, right: true) + "  " + painted)
        }
        lines.append("total" + pad("", keyWidth - 5) + "  " + pad(state.total.elapsed.clock, timeWidth, right: true))
        let block = style.unicode ? "\u{2588}" : "#"
        lines.append("each \(block) is " + StopwatchLineComposer.wholeSeconds(unit * 1000))
        return lines.map { $0 + "\n" }.joined()
    }

    /// `milliseconds` in blocks of `unit`, truncated: eighths of a block at its end with blocks.
    static func bar(_ milliseconds: Int64, unit: Int64, style: Style) -> String {
        guard style.unicode else { return String(repeating: "#", count: Int(milliseconds / unit)) }
        let eighths = Int(milliseconds * 8 / unit)
        let partial = ["", "\u{258F}", "\u{258E}", "\u{258D}", "\u{258C}", "\u{258B}", "\u{258A}", "\u{2589}"][
            eighths % 8]
        return String(repeating: "\u{2588}", count: eighths / 8) + partial
    }

    /// The SGR colour of a row: by its last key that is a word (a name, tags, a phase), the same
    /// for the same word in every report; green for a row of days, weeks or months alone.
    static func color(of row: ReportViewState.Row, in state: ReportViewState) -> Int {
        guard let index = state.grouping.lastIndex(where: { !["day", "week", "month"].contains($0) }) else { return 32 }
        return paletteColor(row.keys[index])
    }

    // MARK: Calendar

    /// Weeks as columns, Monday to Sunday as rows, each day a cell shaded by its total against the
    /// longest day's: none, then up to a quarter, a half, three quarters and all of it. As many
    /// weeks as fit (53 at most), the last holding today; the months named above their first
    /// week; then the legend and the streak.
    static func calendar(_ state: ReportViewState, columns: Int, style: Style) -> String {
        let totals = Dictionary(
            state.rows.compactMap { row in row.day.map { ($0, row.elapsed.milliseconds) } }, uniquingKeysWith: +)
        let today = state.today ?? totals.keys.max() ?? 0
        let weeks = max(1, min(53, columns - 4))
        let lastMonday = today - Int64(CivilDate.weekday(ofDay: today))
        let firstMonday = lastMonday - Int64(7 * (weeks - 1))
        let longest = totals.filter { $0.key >= firstMonday && $0.key <= today }.values.max() ?? 0
        let shades =
            style.unicode ? ["\u{00B7}", "\u{2591}", "\u{2592}", "\u{2593}", "\u{2588}"] : [".", "-", "+", "*", "#"]
        func level(_ milliseconds: Int64) -> Int {
            guard milliseconds > 0, longest > 0 else { return 0 }
            return min(4, Int((milliseconds * 4 + longest - 1) / longest))
        }
        let colorsOf = [0, 2, 32, 32, 32]
        func cell(_ day: Int64) -> String {
            guard day <= today else { return " " }
            let shade = level(totals[day] ?? 0)
            let text = shades[shade]
            guard style.colors, shade > 0 else { return text }
            return "\u{1B}[\(shade >= 3 ? "1;" : "")\(colorsOf[shade])m" + text + "\u{1B}[0m"
        }
        // The months, each above the first week that begins in it, where its name fits.
        var header = Array(repeating: Character(" "), count: 4 + weeks)
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var previous: Int64 = -1
        for week in 0..<weeks {
            let date = CivilDate(dayNumber: firstMonday + Int64(7 * week))
            guard date.month != previous else { continue }
            previous = date.month
            let at = 4 + week
            if week > 0 || date.day <= 7, at + 3 <= header.count,
                header[max(0, at - 1)..<(at + 3)].allSatisfy({ $0 == " " })
            {
                for (offset, character) in names[Int(date.month) - 1].enumerated() { header[at + offset] = character }
            }
        }
        while header.last == " " { header.removeLast() }
        var lines = [String(header)]
        for (index, label) in ["Mon", "", "Wed", "", "Fri", "", "Sun"].enumerated() {
            var row = pad(label, 4) + (0..<weeks).map { cell(firstMonday + Int64(7 * $0 + index)) }.joined()
            while row.last == " " { row.removeLast() }
            lines.append(row)
        }
        // The legend: what each shade holds, in as many lines as the width asks.
        let quarter = { (part: Int64) in StopwatchLineComposer.wholeSeconds(longest * part / 4 * 1000) }
        let items =
            ["\(shades[0]) none"] + (longest > 0 ? (1...4).map { "\(shades[$0]) to \(quarter(Int64($0)))" } : [])
        var legend = ""
        for item in items {
            if !legend.isEmpty, legend.count + 2 + item.count > columns {
                lines.append(legend)
                legend = ""
            }
            legend += (legend.isEmpty ? "" : "  ") + item
        }
        lines.append(legend)
        let streak = streak(totals, today: today)
        lines += streak.count <= columns ? [streak] : streak.split(separator: "; ").map(String.init)
        return lines.map { $0 + "\n" }.joined()
    }

    /// `streak: 5 days, since 2026-11-22` (today counts once it has time; until then, the days up
    /// to yesterday), and the longest in the report.
    static func streak(_ totals: [Int64: Int64], today: Int64) -> String {
        var day = (totals[today] ?? 0) > 0 ? today : today - 1
        var current = 0
        while (totals[day] ?? 0) > 0 {
            current += 1
            day -= 1
        }
        var longest = 0
        var run = 0
        var last: Int64?
        for day in totals.keys.sorted() where totals[day]! > 0 {
            run = last == day - 1 ? run + 1 : 1
            longest = max(longest, run)
            last = day
        }
        let days = { (count: Int) in "\(count) day" + (count == 1 ? "" : "s") }
        let since = current > 0 ? ", since " + ReportChart.date(day + 1) : ""
        return "streak: \(days(current))\(since); longest \(days(longest))"
    }

    static func date(_ day: Int64) -> String {
        StopwatchUIMapper.text(.day(CivilDate(dayNumber: day)))
    }

    // MARK: Timeline

    /// A row a day, `Thu 11-26 ` then its 24 hours in cells (two or four an hour where they fit,
    /// else one), a cell marked when a run's span covers any of it, in the colour of the name
    /// that covers most of it; the hours above, and what a cell is worth below.
    static func timeline(_ state: ReportViewState, columns: Int, style: Style) -> String {
        let label = 10
        let perHour = [4, 2, 1].first { 24 * $0 <= columns - label } ?? 1
        let cells = 24 * perHour
        let seconds = Int64(86_400 / cells)
        var axis = Array(repeating: Character(" "), count: label + cells)
        for hour in stride(from: 0, to: 24, by: perHour == 1 ? 6 : 3) {
            for (offset, character) in String(hour).enumerated() where label + hour * perHour + offset < axis.count {
                axis[label + hour * perHour + offset] = character
            }
        }
        while axis.last == " " { axis.removeLast() }
        var lines = [String(axis)]
        var names: [String] = []
        for day in state.timeline {
            var row = day.label + String(repeating: " ", count: max(1, label - day.label.count))
            for cell in 0..<cells {
                let from = Int64(cell) * seconds
                let to = from + seconds
                var covering: [String: Int64] = [:]
                for span in day.spans where span.to > from && span.from < to {
                    covering[span.name, default: 0] += min(span.to, to) - max(span.from, from)
                }
                guard let name = covering.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else {
                    row +=
                        cell % perHour == 0 && cell % (6 * perHour) == 0
                        ? (style.unicode ? "\u{2502}" : "|") : (style.unicode ? "\u{00B7}" : ".")
                    continue
                }
                if !names.contains(name) { names.append(name) }
                let block = style.unicode ? "\u{2588}" : "#"
                row += style.colors ? "\u{1B}[\(paletteColor(name))m" + block + "\u{1B}[0m" : block
            }
            lines.append(row)
        }
        let block = style.unicode ? "\u{2588}" : "#"
        var legend = "each \(block) is \(StopwatchLineComposer.wholeSeconds(seconds * 1_000_000)) with a run in it"
        if style.colors {
            for name in names.sorted() {
                let item = "\u{1B}[\(paletteColor(name))m\(block)\u{1B}[0m \(name)"
                let width = legend.split(separator: "\n").last.map { visible($0) } ?? 0
                legend += width + 2 + 2 + name.count > columns ? "\n" + item : "  " + item
            }
        }
        lines.append(legend)
        return lines.map { $0 + "\n" }.joined()
    }

    /// The SGR colour a word keeps in every chart.
    static func paletteColor(_ word: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in word.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return [32, 34, 35, 36, 33, 31][Int(hash % 6)]
    }

    /// The columns `text` takes: its colour codes take none.
    static func visible(_ text: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in text {
            if character == "\u{1B}" {
                escaped = true
            } else if escaped {
                if character == "m" { escaped = false }
            } else {
                count += 1
            }
        }
        return count
    }

    // MARK: Text

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return right ? space + text : text + space
    }

    /// `text` in `width` characters, cut with `…`, or `~` in ASCII (`NO_COLOR`, `TERM=dumb`, a pipe).
    private static func fit(_ text: String, _ width: Int, style: Style) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + (style.unicode ? "\u{2026}" : "~")
    }
}
