/// Shows stopwatches and countdowns: a table of name, status, time (for a countdown, the time left
/// or the time since it expired) and laps, laid out by `StopwatchLineComposer`, or JSON,
/// `{"timers": [...]}`.
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
    /// The terminal's width the table fits, leaving out whole columns; nil into a pipe.
    private let width: Int?

    /// `messages` receives the note that there are no stopwatches, which a table would leave blank.
    public init(viewModel: StopwatchListViewModel, format: Format, output: any TextOutput, messages: any TextOutput, width: Int? = nil) {
        self.format = format
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchListViewState) {
        if format == .table, viewState.stopwatches.isEmpty {
            if viewState.unreadableCount == 0 { messages.write(MessageMapper.line(for: .nothingListed(viewState.filter, omitted: viewState.omittedCount)) + "\n") }
            return
        }
        output.write(Self.text(viewState, format: format, width: width))
    }

    static func text(_ state: StopwatchListViewState, format: Format, width: Int? = nil) -> String {
        switch format {
        case .table:
            return StopwatchLineComposer.table(state.stopwatches, width: width).map { $0 + "\n" }.joined()
        case .json:
            return JSONDocumentEncoder.text(.object([.init("timers", .array(state.stopwatches.map { StopwatchDocument(viewState: $0).json }))]))
        case .names:
            return state.names.map { $0 + "\n" }.joined()
        }
    }
}
