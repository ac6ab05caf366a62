/// Shows stopwatches and countdowns: a table of name, status, time (for a countdown, the time left
/// or the time since it expired) and laps, laid out by `StopwatchLineComposer`, or JSON,
/// `{"timers": [...]}`.
public final class StopwatchListView: Sendable {
    public enum Format: Sendable, Hashable {
        case table
        case json
        /// The names alone, one a line: what shell completion offers.
        case names
        /// The most pressing running or paused one (`StopwatchViewState.mostPressing`) in a
        /// one-stopwatch format (a template or a bar's), with how many more there are; nothing at
        /// all when none runs or is paused, which hides a bar's module.
        case pressing(StatusView.Format)
        /// Nothing: `list --quiet` answers by its exit status alone.
        case quiet
        /// Each one's status line, as `status` prints it: the countdowns `dismiss` dismissed, or
        /// a note that there were none.
        case lines
        /// A note of the names: what `delete --expired` deleted, or that nothing had expired.
        case deleted
    }

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput
    /// The terminal's width the table fits, leaving out whole columns; nil into a pipe.
    private let width: Int?
    /// Colours in a bar's format: false for `NO_COLOR`.
    private let colors: Bool

    /// `messages` receives the note that there are no stopwatches, which a table would leave blank.
    public init(
        viewModel: StopwatchListViewModel, format: Format, output: any TextOutput, messages: any TextOutput,
        width: Int? = nil, colors: Bool = true
    ) {
        self.colors = colors
        self.format = format
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchListViewState) {
        if case .pressing(let single) = format {
            return output.write(Self.pressingText(viewState.stopwatches, format: single, colors: colors))
        }
        if format == .table, viewState.stopwatches.isEmpty {
            if viewState.unreadableCount == 0 {
                messages.write(
                    MessageMapper.line(for: .nothingListed(viewState.filter, omitted: viewState.omittedCount)) + "\n")
            }
            return
        }
        if format == .deleted {
            return messages.writeMessage(MessageMapper.line(for: .deletedExpired(viewState.names)))
        }
        if format == .lines, viewState.stopwatches.isEmpty {
            if viewState.unreadableCount == 0 { messages.writeMessage(MessageMapper.line(for: .nothingToDismiss)) }
            return
        }
        output.write(Self.text(viewState, format: format, width: width))
    }

    static func pressingText(_ stopwatches: [StopwatchViewState], format: StatusView.Format, colors: Bool) -> String {
        guard let (shown, others) = StopwatchViewState.pressing(stopwatches) else { return "" }
        return StatusView.text(shown, format: format, colors: colors, others: others)
    }

    static func text(_ state: StopwatchListViewState, format: Format, width: Int? = nil) -> String {
        switch format {
        case .pressing(let single):
            return pressingText(state.stopwatches, format: single, colors: true)
        case .table:
            return StopwatchLineComposer.table(state.stopwatches, width: width).map { $0 + "\n" }.joined(with: "")
        case .json:
            return JSONDocumentEncoder.text(
                .object([.init("timers", .array(state.stopwatches.map { StopwatchDocument(viewState: $0).json }))]))
        case .names:
            return state.names.map { $0 + "\n" }.joined(with: "")
        case .lines:
            return state.stopwatches.map { StatusView.text($0, format: .line, colors: false) }.joined(with: "")
        case .quiet, .deleted:
            return ""
        }
    }
}
