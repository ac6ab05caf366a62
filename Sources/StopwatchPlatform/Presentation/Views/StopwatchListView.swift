/// Shows every stopwatch: a table of name, status, time (for a countdown, the time left or the
/// time since it expired) and laps, or JSON.
public final class StopwatchListView: Sendable {
    public enum Format: Sendable, Hashable {
        case table
        case json
    }

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput

    /// `messages` receives the note that there are no stopwatches, which a table would leave blank.
    public init(viewModel: StopwatchListViewModel, format: Format, output: any TextOutput, messages: any TextOutput) {
        self.format = format
        self.output = output
        self.messages = messages
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchListViewState) {
        if format == .table, viewState.stopwatches.isEmpty {
            if viewState.unreadableCount == 0 { messages.write("no stopwatches\n") }
            return
        }
        output.write(Self.text(viewState, format: format))
    }

    static func text(_ state: StopwatchListViewState, format: Format) -> String {
        switch format {
        case .table:
            var table = TextTable(alignments: [.left, .left, .right, .right])
            table.rows.append(["NAME", "STATUS", "TIME", "LAPS"])
            for stopwatch in state.stopwatches {
                let time =
                    (stopwatch.isEstimated ? "~" : "")
                    + (stopwatch.countdown.map { countdown in
                        countdown.isExpired ? "\(countdown.overtime.clock) over" : "\(countdown.remaining.clock) left"
                    } ?? stopwatch.elapsed.clock)
                table.rows.append([stopwatch.name, stopwatch.status, time, String(stopwatch.lapCount)])
            }
            return table.text
        case .json:
            return JSONDocumentEncoder.text(["stopwatches": state.stopwatches.map(StopwatchDocument.init)])
        }
    }
}
