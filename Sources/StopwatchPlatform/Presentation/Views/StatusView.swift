/// Shows one stopwatch: the line after a command, the `status` output in each format, or the lap
/// just recorded. It renders every view state its view model publishes.
public final class StatusView: Sendable {
    public enum Format: Sendable, Hashable {
        /// `build: running 01:02.34, 3 laps`.
        case line
        /// The latest lap: `build: lap 3 00:12.34 (total 01:02.34) compile`.
        case lap
        /// Elapsed whole milliseconds alone.
        case milliseconds
        /// Elapsed seconds with three decimals alone.
        case seconds
        case json
    }

    private let format: Format
    private let output: any TextOutput

    public init(viewModel: StopwatchViewModel, format: Format, output: any TextOutput) {
        self.format = format
        self.output = output
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchViewState) {
        output.write(Self.text(viewState, format: format))
    }

    static func text(_ state: StopwatchViewState, format: Format) -> String {
        switch format {
        case .line:
            let time = (state.isEstimated ? "~" : "") + state.elapsed.clock
            let laps = state.lapCount == 0 ? "" : ", \(state.lapCount) lap" + (state.lapCount == 1 ? "" : "s")
            let note = state.isEstimated ? " (estimated: the machine restarted while it ran)" : ""
            return "\(state.name): \(state.status) \(time)\(laps)\(note)\n"
        case .lap:
            guard let lap = state.latestLap else { return text(state, format: .line) }
            let label = lap.label.map { " \($0)" } ?? ""
            return "\(state.name): lap \(lap.number) \(lap.duration.clock) (total \(lap.total.clock))\(label)\n"
        case .milliseconds:
            return "\(state.elapsed.milliseconds)\n"
        case .seconds:
            return "\(state.elapsed.seconds)\n"
        case .json:
            return JSONDocumentEncoder.text(StopwatchDocument(viewState: state))
        }
    }
}
