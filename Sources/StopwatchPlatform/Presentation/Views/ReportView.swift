/// Shows a report's totals as a table, as CSV, or as JSON.
public final class ReportView: Sendable {
    /// Its raw value is the word `--format` takes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case table
        case csv
        case json
    }

    private let format: Format
    /// Decimal hours in the table beside the time (`--hours`); CSV and JSON always have both.
    private let hours: Bool
    private let output: any TextOutput
    private let messages: any TextOutput
    private let width: Int?
    /// The table's DONE column even when no phase was completed (`--count` given).
    private let counts: Bool
    /// A chart in place of the table (`--chart`), drawn so.
    private let chart: (kind: ReportChart.Kind, style: ReportChart.Style)?

    public init(
        viewModel: ReportViewModel, format: Format, hours: Bool, counts: Bool = false,
        chart: (kind: ReportChart.Kind, style: ReportChart.Style)? = nil,
        output: any TextOutput, messages: any TextOutput, width: Int? = nil
    ) {
        self.format = format
        self.hours = hours
        self.counts = counts
        self.chart = chart
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: ReportViewState) {
        for note in MessageMapper.damagedHistory(viewState.damaged) {
            messages.writeMessage(MessageMapper.line(for: note))
        }
        if format == .table, viewState.rows.isEmpty {
            messages.write(MessageMapper.line(for: .noRuns(kept: viewState.kept)) + "\n")
            return
        }
        if let chart, format == .table {
            output.write(ReportChart.text(viewState, kind: chart.kind, width: width, style: chart.style))
            return
        }
        output.write(Self.text(viewState, format: format, hours: hours, counts: counts, width: width))
    }

    /// In a table too wide for `width`, RUNS is left out, then the key columns that hold words
    /// (names, tags, phases) are cut with `…` (to 6), then HOURS is left out: a row never wraps.
    /// DONE, the phases labelled `counted` completed (pomodoros), is there when any was, or
    /// `counts` asks for it.
    static func text(
        _ state: ReportViewState, format: Format, hours: Bool = false, counts: Bool = false, width: Int? = nil
    ) -> String {
        switch format {
        case .table:
            let keys = state.grouping.count
            let done = counts || state.total.completed > 0
            // GOAL, the share of the day's (or week's) goal each row did, in a report by day (or week) alone.
            let goal = state.rows.contains { $0.goalPercent != nil }
            var table = TextTable(
                alignments: Array(repeating: .left, count: keys) + [.right] + (hours ? [.right] : [])
                    + (done ? [.right] : []) + (goal ? [.right] : []) + [.right]
            )
            let worded = state.grouping.indices.filter { !["day", "week", "month"].contains(state.grouping[$0]) }
            table.steps =
                [.leaveOut(keys + 1 + (hours ? 1 : 0) + (done ? 1 : 0) + (goal ? 1 : 0))]
                + worded.reversed().map { .shorten($0, minimum: 6) } + (hours ? [.leaveOut(keys + 1)] : [])
            table.rows.append(
                state.grouping.map { $0.uppercased() } + ["TIME"] + (hours ? ["HOURS"] : []) + (done ? ["DONE"] : [])
                    + (goal ? ["GOAL"] : []) + ["RUNS"])
            func figures(_ row: ReportViewState.Row) -> [String] {
                [row.elapsed.clock] + (hours ? [row.hours] : []) + (done ? [String(row.completed)] : [])
                    + (goal ? [row.goalPercent.map { "\($0)%" } ?? ""] : [])
                    + [String(row.runs)]
            }
            for row in state.rows {
                // A run without tags is grouped as none: `-`.
                table.rows.append(row.keys.map { $0.isEmpty ? "-" : $0 } + figures(row))
            }
            // Told by its place, never by its figures: a report of one group has the total's.
            table.rows.append(["total"] + Array(repeating: "", count: keys - 1) + figures(state.total))
            return table.text(fittingIn: width.map { max(1, $0 - 1) })
        case .csv:
            let header =
                (state.grouping + ["elapsed_ms", "elapsed", "hours", "runs", "completed"]).joined(with: ",") + "\n"
            return state.rows.reduce(into: header) { text, row in
                text +=
                    (row.keys.map(LapsView.csvField) + [
                        String(row.elapsed.milliseconds), row.elapsed.clock, row.hours, String(row.runs),
                        String(row.completed),
                    ])
                    .joined(with: ",") + "\n"
            }
        case .json:
            func json(_ row: ReportViewState.Row, keys: Bool) -> JSONValue {
                .object(
                    (keys ? zip(state.grouping, row.keys).map { JSONValue.Member($0, .string($1)) } : []) + [
                        .init("elapsed", .string(row.elapsed.clock)),
                        .init("elapsedMilliseconds", .integer(row.elapsed.milliseconds)),
                        .init("hours", .string(row.hours)),
                        .init("runs", .integer(Int64(row.runs))),
                        .init("completed", .integer(Int64(row.completed))),
                    ] + (keys ? [.init("goalPercent", row.goalPercent.map { .integer(Int64($0)) } ?? .null)] : [])
                )
            }
            return JSONDocumentEncoder.text(
                .object([
                    .init("by", .array(state.grouping.map { .string($0) })),
                    .init("counted", .string(state.counted)),
                    .init("rows", .array(state.rows.map { json($0, keys: true) })),
                    .init("total", json(state.total, keys: false)),
                    .init("damagedLines", .integer(Int64(state.damaged.count))),
                ])
            )
        }
    }
}
