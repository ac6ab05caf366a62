/// Shows history's runs as a table, as CSV, or as JSON.
public final class HistoryView: Sendable {
    /// Its raw value is the word `--format` takes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case table
        case csv
        case json
    }

    /// The CSV columns (docs/json-format.md, "history"): times in RFC 3339 with their UTC offset.
    /// `phases`: a cycle's phases as `LABEL:PLANNED_MS:ACTUAL_MS`, `;` between them.
    static let csvHeader = "name,kind,plan,status,start,end,elapsed_ms,elapsed,estimated,laps,tags,phases\n"

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput
    private let width: Int?

    /// `messages` receives the note that there are no runs, which a table would leave blank, and
    /// that some lines of history could not be read.
    public init(viewModel: HistoryViewModel, format: Format, output: any TextOutput, messages: any TextOutput, width: Int? = nil) {
        self.format = format
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: HistoryViewState) {
        for note in MessageMapper.damagedHistory(viewState.damaged) { messages.writeMessage(MessageMapper.line(for: note)) }
        if format == .table, viewState.runs.isEmpty {
            messages.write(MessageMapper.line(for: .noRuns) + "\n")
            return
        }
        output.write(Self.text(viewState, format: format, width: width))
    }

    static func text(_ state: HistoryViewState, format: Format, width: Int? = nil) -> String {
        switch format {
        case .table:
            let tagged = state.runs.contains { !$0.tags.isEmpty }
            var table = TextTable(alignments: [.left, .left, .right, .left, .left, .right, .left] + (tagged ? [.left] : []))
            table.steps = (tagged ? [.leaveOut(7)] : []) + [.leaveOut(6), .leaveOut(5), .leaveOut(3), .shorten(4, minimum: 9)]
            table.rows.append(["START", "END", "TIME", "NAME", "PLAN", "LAPS", "STATUS"] + (tagged ? ["TAGS"] : []))
            for run in state.runs {
                let end = run.localEnd.prefix(10) == run.localStart.prefix(10) ? String(run.localEnd.dropFirst(11)) : run.localEnd
                table.rows.append(
                    [run.localStart, end, run.elapsed.clock + (run.isEstimated ? "~" : ""), run.name, run.plan, String(run.lapCount), run.status]
                        + (tagged ? [run.tags.joined(separator: ",")] : [])
                )
            }
            return table.text(fittingIn: width.map { max(1, $0 - 1) })
        case .csv:
            return state.runs.reduce(into: csvHeader) { text, run in
                let fields = [
                    run.name, run.kind.word, LapsView.csvField(run.plan), run.status, run.start, run.end, String(run.elapsed.milliseconds),
                    run.elapsed.clock, String(run.isEstimated), String(run.lapCount), LapsView.csvField(run.tags.joined(separator: ",")),
                    run.phases.map { "\($0.label):\($0.planned.milliseconds):\($0.actual.milliseconds)" }.joined(separator: ";"),
                ]
                text += fields.joined(separator: ",") + "\n"
            }
        case .json:
            return JSONDocumentEncoder.text(HistoryDocument(viewState: state).json)
        }
    }
}
