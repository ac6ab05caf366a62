/// Shows a lap history as a table with statistics, as CSV, or as JSON.
public final class LapsView: Sendable {
    public enum Format: Sendable, Hashable {
        case table
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
        if format == .table, viewState.laps.isEmpty {
            messages.write("\(viewState.name): no laps\n")
            return
        }
        output.write(Self.text(viewState, format: format))
    }

    static func text(_ state: LapsViewState, format: Format) -> String {
        switch format {
        case .table:
            var table = TextTable(alignments: [.right, .right, .right, .left, .left])
            table.rows.append(["LAP", "TIME", "TOTAL", "MARK", "LABEL"])
            for lap in state.laps {
                let mark = [lap.isBest ? "best" : nil, lap.isWorst ? "worst" : nil].compactMap { $0 }
                table.rows.append([
                    String(lap.number), lap.duration.clock, lap.total.clock, mark.joined(separator: ","),
                    lap.label ?? "",
                ])
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

    /// RFC 4180 quoting: a field with a comma, quote or line break is quoted, its quotes doubled.
    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
