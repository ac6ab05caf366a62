/// Shows one stopwatch: the line after a command, the `status` output in each format, or the lap
/// just recorded. It renders every view state its view model publishes.
public final class StatusView: Sendable {
    public enum Format: Sendable, Hashable {
        /// `build: running 01:02.34, 3 laps`; for a countdown `tea: running 04:59.12 left of
        /// 05:00.00`, and once it expired `tea: expired 00:03.21 ago (countdown of 05:00.00)`.
        case line
        /// `line` with the local time a running countdown ends: `tea: running 23:59:23.00 left of
        /// 23:59:23.00, ends 12:26 tomorrow` (`timer --until`, whose duration alone says little).
        case lineUntil
        /// The latest lap: `build: lap 3 00:12.34 (total 01:02.34) compile`.
        case lap
        /// Elapsed whole milliseconds alone; a countdown's or a cycle's phase's remaining ones.
        case milliseconds
        /// The fields of a `--format` template filled in.
        case template(StatusTemplate)
        /// A status bar's protocol.
        case bar(StatusBarFormat)
        /// Elapsed seconds with three decimals alone; a countdown's or a cycle's phase's remaining ones.
        case seconds
        case json
        /// The JSON object with the lap just recorded as `lap` (`lap --json`).
        case jsonWithLap
    }

    private let format: Format
    private let output: any TextOutput
    /// Colours in a bar's format: false for `NO_COLOR`.
    private let colors: Bool

    public init(viewModel: StopwatchViewModel, format: Format, output: any TextOutput, colors: Bool = true) {
        self.format = format
        self.output = output
        self.colors = colors
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchViewState) {
        output.write(Self.text(viewState, format: format, colors: colors))
    }

    /// `others`: the ones a listing shows besides `state` (`list --format`), counted in a bar's
    /// text and a template's `{more}`, and listed in waybar's tooltip.
    static func text(
        _ state: StopwatchViewState, format: Format, colors: Bool = true, others: [StopwatchViewState] = []
    ) -> String {
        switch format {
        case .line:
            return StopwatchLineComposer.line(state) + "\n"
        case .lineUntil:
            return StopwatchLineComposer.line(state, .init(endTime: true)) + "\n"
        case .lap:
            guard let lap = state.latestLap else { return text(state, format: .line) }
            return StopwatchLineComposer.lapLine(state.name, lap) + "\n"
        case .milliseconds:
            return "\((StopwatchLineComposer.left(state) ?? state.elapsed).milliseconds)\n"
        case .template(let template):
            return template.text(for: state, more: others.count) + "\n"
        case .bar(let bar):
            return bar.text(for: state, colors: colors, others: others)
        case .seconds:
            return "\((StopwatchLineComposer.left(state) ?? state.elapsed).seconds)\n"
        case .json:
            return JSONDocumentEncoder.text(StopwatchDocument(viewState: state).json)
        case .jsonWithLap:
            return JSONDocumentEncoder.text(StopwatchDocument(viewState: state, withLap: true).json)
        }
    }
}
