/// Shows a lap history as a table with statistics, as CSV, or as JSON.
public final class LapsView: Sendable {
    public enum Format: Sendable, Hashable {
        case table
        /// The table with a bar for each lap, scaled to the longest, so slow steps stand out: for
        /// a terminal, never a pipe.
        case tableWithBars
        case csv
        case json
    }

    static let csvHeader = "number,lap_ms,total_ms,label,best,worst,recorded_at\n"

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput

    /// `messages` receives the note that there are no laps, which a table would otherwise leave blank.
    public init(viewModel: LapsViewModel, format: Format, output: any TextOutput, messages: any TextOutput) {
        self.format = format
        self.output = output
        self.messages = messages
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: LapsViewState) {
        if format == .table || format == .tableWithBars, viewState.laps.isEmpty {
            messages.write("\(viewState.name): no laps\n")
            return
        }
        output.write(Self.text(viewState, format: format))
    }

    static func text(_ state: LapsViewState, format: Format) -> String {
        switch format {
        case .table, .tableWithBars:
            let bars = format == .tableWithBars
            let longest = state.laps.map(\.duration.microseconds).max() ?? 0
            var table = TextTable(alignments: bars ? [.right, .right, .left, .right, .left, .left] : [.right, .right, .right, .left, .left])
            table.rows.append(["LAP", "TIME"] + (bars ? [""] : []) + ["TOTAL", "MARK", "LABEL"])
            for lap in state.laps {
                let mark = [lap.isBest ? "best" : nil, lap.isWorst ? "worst" : nil].compactMap { $0 }
                table.rows.append(
                    [String(lap.number), lap.duration.clock] + (bars ? [bar(lap.duration.microseconds, of: longest)] : [])
                        + [lap.total.clock, mark.joined(separator: ","), lap.label ?? ""]
                )
            }
            guard let statistics = state.statistics else { return table.text }
            return table.text
                + "\(statistics.count) lap\(statistics.count == 1 ? "" : "s")  min \(statistics.minimum.clock)"
                + "  max \(statistics.maximum.clock)  mean \(statistics.mean.clock)"
                + "  median \(statistics.median.clock)\n"
        case .csv:
            return state.laps.reduce(into: csvHeader) { text, lap in
                text += "\(lap.number),\(lap.duration.milliseconds),\(lap.total.milliseconds),"
                    + "\(csvField(lap.label ?? "")),\(lap.isBest),\(lap.isWorst),\(lap.recordedAt)\n"
            }
        case .json:
            return JSONDocumentEncoder.text(LapsDocument(viewState: state).json)
        }
    }

    /// Up to 20 cells, in proportion to the longest lap, truncated; a lap above zero gets one at least.
    static func bar(_ micros: Int64, of longest: Int64) -> String {
        guard longest > 0, micros > 0 else { return "" }
        let cells = max(1, Int(Int128(micros) * 20 / Int128(longest)))
        return String(repeating: "\u{2588}", count: cells)
    }

    /// RFC 4180 quoting: a field with a comma, quote or line break is quoted, its quotes doubled.
    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
