/// Shows stopwatches and countdowns: a table of name, status, time (for a countdown, the time left
/// or the time since it expired) and laps, or JSON, `{"timers": [...]}`.
public final class StopwatchListView: Sendable {
    public enum Format: Sendable, Hashable {
        case table
        case json
        /// The names alone, one a line: what shell completion offers.
        case names
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
            if viewState.unreadableCount == 0 { messages.write(Self.emptyNote(omitted: viewState.omittedCount)) }
            return
        }
        output.write(Self.text(viewState, format: format))
    }

    /// What a table with no rows says instead, on the messages stream.
    static func emptyNote(omitted: Int) -> String {
        switch omitted {
        case 0: "no stopwatches yet; 'stopwatch start' starts one\n"
        case 1: "none is running or paused; 'stopwatch list' shows the one there is\n"
        default: "none is running or paused; 'stopwatch list' shows the \(omitted) there are\n"
        }
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
            return JSONDocumentEncoder.text(.object([.init("timers", .array(state.stopwatches.map { StopwatchDocument(viewState: $0).json }))]))
        case .names:
            return state.names.map { $0 + "\n" }.joined()
        }
    }
}
