/// The line `stopwatch run` writes to standard error when its command ends.
public struct TimedRunView: Sendable {
    /// Its raw value is the word `--format` takes (`quiet` is also `--quiet`).
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `make -j4 took 01:02.34`, with `(exit status 2)` or `(killed by signal 15)` after a failure.
        case human
        /// Whole milliseconds alone.
        case milliseconds = "ms"
        /// Seconds with three decimals alone.
        case seconds = "s"
        /// One JSON object.
        case json
        /// Nothing.
        case quiet
    }

    private let format: Format
    private let output: any TextOutput

    public init(format: Format, output: any TextOutput) {
        self.format = format
        self.output = output
    }

    public func render(_ viewState: TimedRunViewState) {
        output.write(Self.text(viewState, format: format))
    }

    static func text(_ state: TimedRunViewState, format: Format) -> String {
        switch format {
        case .human:
            return MessageMapper.timedRun(state) + "\n"
        case .milliseconds:
            return "\(state.elapsed.milliseconds)\n"
        case .seconds:
            return "\(state.elapsed.seconds)\n"
        case .json:
            return JSONDocumentEncoder.text(TimedRunDocument(viewState: state).json)
        case .quiet:
            return ""
        }
    }
}
