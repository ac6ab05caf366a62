import StopwatchCore
import Synchronization

/// Connects a view to history: the runs that ended and those in progress, and the changes made
/// to them (a block told after the fact, corrections, undo).
public final class HistoryViewModel: Sendable {
    /// The use cases it drives, all publishing to its StateStore.
    public struct UseCases: Sendable {
        public var listRuns: ListRunsUseCase
        public var trackRun: TrackRunUseCase
        public var correctRun: CorrectRunUseCase
        public var removeRuns: RemoveRunsUseCase
        public var splitRun: SplitRunUseCase
        public var joinRuns: JoinRunsUseCase
        public var undoChange: UndoChangeUseCase
        public var importRuns: ImportRunsUseCase
        public var listTags: ListTagsUseCase
        public var bookAwayAs: BookAwayAsUseCase

        public init(
            listRuns: ListRunsUseCase, trackRun: TrackRunUseCase, correctRun: CorrectRunUseCase,
            removeRuns: RemoveRunsUseCase, splitRun: SplitRunUseCase,
            joinRuns: JoinRunsUseCase, undoChange: UndoChangeUseCase, importRuns: ImportRunsUseCase,
            listTags: ListTagsUseCase, bookAwayAs: BookAwayAsUseCase
        ) {
            self.listTags = listTags
            self.bookAwayAs = bookAwayAs
            self.listRuns = listRuns
            self.trackRun = trackRun
            self.correctRun = correctRun
            self.removeRuns = removeRuns
            self.splitRun = splitRun
            self.joinRuns = joinRuns
            self.undoChange = undoChange
            self.importRuns = importRuns
        }
    }

    private let stateStore: StateStore<RunHistory>
    private let useCases: UseCases
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<HistoryViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)

    public init(stateStore: StateStore<RunHistory>, useCases: UseCases, mapper: StopwatchUIMapper) {
        self.stateStore = stateStore
        self.useCases = useCases
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] history in self?.publish(history) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: HistoryViewState? { published.current }

    /// Every tag in use, sorted: history's runs' and the runs in progress'.
    public func tags() throws -> [String] {
        try useCases.listTags.execute()
    }

    /// Loads the runs of `names` (all when empty) that overlap `since..<until`.
    public func load(names: [StopwatchName], tags: [String] = [], since: Duration?, until: Duration?) throws {
        try useCases.listRuns.execute(names: names, tags: tags, since: since, until: until)
    }

    /// Keeps a block of time told after the fact, from `from` to `to`, as a run of `name`.
    public func track(_ name: StopwatchName, from: Moment, to: Moment, tags: [String] = []) throws {
        try useCases.trackRun.execute(name, from: from, to: to, tags: tags)
    }

    /// Corrects the run `reference` names: its start, its end, its name, its tags.
    public func edit(
        _ reference: RunReference, start: TimeCorrection?, end: TimeCorrection?, name: StopwatchName?, tags: [String]?,
        away: AwayPolicy? = nil, awayUpTo: Duration? = nil
    ) throws {
        try useCases.correctRun.execute(
            reference, start: start, end: end, name: name, tags: tags, away: away, awayUpTo: awayUpTo)
    }

    /// Books the last away stretch of the run in progress `reference` names as a run of
    /// `other` (`edit --away-as`). The run it became, as published.
    @discardableResult
    public func bookAway(of reference: RunReference, as other: StopwatchName) throws -> RunViewState? {
        let booked = try useCases.bookAwayAs.execute(reference, as: other).first
        return booked.flatMap { booked in viewState?.runs.first { $0.id == booked.id.hex } }
    }

    public func remove(_ references: [RunReference]) throws {
        try useCases.removeRuns.execute(references)
    }

    public func split(_ reference: RunReference, at moment: Moment) throws {
        try useCases.splitRun.execute(reference, at: moment)
    }

    public func join(_ first: RunReference, _ second: RunReference) throws {
        try useCases.joinRuns.execute(first, second)
    }

    /// Keeps `runs`, brought from another tool, in history: those not there already.
    public func importRuns(_ runs: [RunRecord]) throws -> ImportRunsUseCase.Outcome {
        try useCases.importRuns.execute(runs)
    }

    /// Undoes the latest change (or, with `redo`, takes the latest undo back), and says which.
    public func undo(redo: Bool) throws -> ChangeViewState {
        mapper.viewState(try useCases.undoChange.execute(redo: redo), redone: redo)
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (HistoryViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ history: RunHistory) {
        published.publish(mapper.viewState(history))
    }
}
