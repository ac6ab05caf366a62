/// Shows a lap history as a table with statistics, as CSV, or as JSON.
public final class LapsView: Sendable {
    /// Its raw value is the word `--format` takes; the table with bars is the table's on a
    /// terminal, never asked for by name.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case table
        /// The table with a bar for each lap, scaled to the longest, so slow steps stand out: for
        /// a terminal, never a pipe.
        case tableWithBars = "bars"
        case csv
        case json

        /// The formats `--format` takes.
        public static var allCases: [Format] { [.table, .csv, .json] }
    }

    static let csvHeader = "number,lap_ms,total_ms,label,best,worst,recorded_at\n"

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput
    /// The terminal's width the bars fit in; nil into a pipe.
    private let width: Int?

    /// `messages` receives the note that there are no laps, which a table would otherwise leave blank.
    public init(
        viewModel: LapsViewModel, format: Format, output: any TextOutput, messages: any TextOutput, width: Int? = nil
    ) {
        self.format = format
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: LapsViewState) {
        if format == .table || format == .tableWithBars, viewState.laps.isEmpty {
            messages.write(MessageMapper.line(for: .noLaps(viewState.name)) + "\n")
            return
        }
        switch format {
        // Made as bytes, a lap at a time: a hundred thousand laps made as strings and JSON values
        // took `laps --csv` 0.2 s and `--json` 0.45 s.
        case .csv: output.write(utf8: Self.csv(viewState))
        case .json: output.write(utf8: LapsDocument(viewState: viewState).bytes)
        default: output.write(Self.text(viewState, format: format, width: width))
        }
    }

    static func text(_ state: LapsViewState, format: Format, width: Int? = nil) -> String {
        switch format {
        case .table, .tableWithBars:
            let plain = table(state, barCells: 0)
            // The bars take what the window leaves, up to 20 cells; none in fewer than 4.
            let cells = format == .tableWithBars ? min(maximumBarCells, (width ?? 80) - 1 - plain.width - 2) : 0
            // In a window, a table too wide cuts its labels (never wrapped mid-word), then leaves
            // TOTAL out; into a pipe it is whole.
            let text = (cells >= 4 ? table(state, barCells: cells) : plain).text(
                fittingIn: width.map { max(1, $0 - 1) })
            guard let statistics = state.statistics else { return text }
            let parts = [
                StopwatchLineComposer.laps(statistics.count), "min \(statistics.minimum.clock)",
                "max \(statistics.maximum.clock)",
                "mean \(statistics.mean.clock)", "median \(statistics.median.clock)",
            ]
            return text + wrapped(parts, width: width.map { max(1, $0 - 1) })
        case .csv:
            return String(decoding: csv(state), as: UTF8.self)
        case .json:
            return String(decoding: LapsDocument(viewState: state).bytes, as: UTF8.self)
        }
    }

    /// The CSV: the header, then a lap a line.
    static func csv(_ state: LapsViewState) -> [UInt8] {
        var bytes = Array(csvHeader.utf8)
        bytes.reserveCapacity(bytes.count + state.laps.count * 64)
        var day: (number: Int64, date: [UInt8])?
        for lap in state.laps {
            bytes += String(lap.number).utf8
            bytes.append(UInt8(ascii: ","))
            bytes += String(lap.duration.milliseconds).utf8
            bytes.append(UInt8(ascii: ","))
            bytes += String(lap.total.milliseconds).utf8
            bytes.append(UInt8(ascii: ","))
            if let label = lap.label { bytes += csvField(label).utf8 }
            bytes += (lap.isBest ? ",true," : ",false,").utf8
            bytes += (lap.isWorst ? "true," : "false,").utf8
            RFC3339Timestamp.append(lap.recordedAtInstant, to: &bytes, day: &day)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    static let maximumBarCells = 20

    /// `parts` two spaces apart, on as many lines as `width` needs, each part whole: a line breaks
    /// between two figures, never inside one.
    static func wrapped(_ parts: [String], width: Int?) -> String {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, width.map({ last.count + 2 + part.count <= $0 }) ?? true {
                lines[lines.count - 1] = last + "  " + part
            } else {
                lines.append(part)
            }
        }
        return lines.map { $0 + "\n" }.joined(with: "")
    }

    /// LAP, TIME, the bars when `barCells` is above zero, TOTAL, MARK (`best`, `worst`) and LABEL.
    private static func table(_ state: LapsViewState, barCells: Int) -> TextTable {
        let longest = state.laps.map(\.duration.microseconds).max() ?? 0
        var table = TextTable(alignments: [.right, .right, .left, .right, .left, .left])
        table.steps = [
            .shorten(5, minimum: 8), .leaveOut(2), .leaveOut(3), .shorten(5, minimum: 4), .leaveOut(5), .leaveOut(4),
        ]
        table.rows.append(["LAP", "TIME", "", "TOTAL", "MARK", "LABEL"])
        for lap in state.laps {
            let bar = barCells > 0 ? bar(lap.duration.microseconds, of: longest, cells: barCells) : ""
            table.rows.append([
                String(lap.number), lap.duration.clock, bar, lap.total.clock, StopwatchLineComposer.mark(lap) ?? "",
                lap.label ?? "",
            ])
        }
        return table
    }

    /// Up to `cells` cells, in proportion to the longest lap, truncated; a lap above zero gets one at least.
    static func bar(_ micros: Int64, of longest: Int64, cells: Int = maximumBarCells) -> String {
        guard longest > 0, micros > 0 else { return "" }
        let filled = max(1, Int(Int128(micros) * Int128(cells) / Int128(longest)))
        return String(repeating: "\u{2588}", count: filled)
    }

    /// RFC 4180 quoting: a field with a comma, quote or line break is quoted, its quotes doubled.
    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
