import StopwatchCore
import Synchronization

/// Connects a view to a report of the time runs counted.
public final class ReportViewModel: Sendable {
    private let stateStore: StateStore<RunReport>
    private let reportRuns: ReportRunsUseCase
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<ReportViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)
    /// The range of a timeline asked for (`load`'s `spans`): its days are drawn.
    private let timelineRange = Mutex<Range<Duration>?>(nil)

    public init(stateStore: StateStore<RunReport>, reportRuns: ReportRunsUseCase, mapper: StopwatchUIMapper) {
        self.stateStore = stateStore
        self.reportRuns = reportRuns
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] report in self?.publish(report) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: ReportViewState? { published.current }

    /// Totals the runs of `names` (all when empty) by `grouping`, counting `since..<until` and
    /// the phases labelled `label` completed.
    public func load(
        names: [StopwatchName], tags: [String] = [], by grouping: [RunReport.Grouping], since: Duration?,
        until: Duration?, counting label: String = RunReport.pomodoroLabel,
        spans: Bool = false
    ) throws {
        timelineRange.withLock { $0 = spans ? since.flatMap { since in until.map { since..<$0 } } : nil }
        try reportRuns.execute(
            names: names, tags: tags, by: grouping, since: since, until: until, counting: label, spans: spans)
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (ReportViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ report: RunReport) {
        var state = mapper.viewState(report)
        if let range = timelineRange.withLock({ $0 }) {
            state.timeline = mapper.timeline(report, since: range.lowerBound, until: range.upperBound)
        }
        published.publish(state)
    }
}
