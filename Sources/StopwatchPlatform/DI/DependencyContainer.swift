import Dispatch
import StopwatchCore

/// Holds the adapters one run of the tool uses, grouped as the architecture groups them.
///
/// Built once by the entry point; tests build one around fakes with the memberwise initializer.
public struct DependencyContainer: Sendable {
    public struct DataContainer: Sendable {
        public var store: any StopwatchStore
        /// History, in the same directory under the same lock.
        public var history: any HistoryStore
        /// News of other processes' changes (a live view, `wait`, `--follow`); nil when there is
        /// nothing to watch.
        public var changes: (any ChangeWatch)?
        /// The goals for a day and a week (`goal`, `today`); nil when there is nowhere to keep them.
        public var goals: (any GoalStore)?
        /// The saved cycle plans (`cycle --save`, `--plan`); nil when there is nowhere to keep them.
        public var plans: (any PlanStore)?
        /// The marks hook waiters hold while they run; nil when there is nowhere to keep them.
        public var waiterMarks: (any WaiterMarks)?
    }

    public struct ServicesContainer: Sendable {
        public var timeSource: any TimeSource
        /// The local time zone's rules, for `timer --until`.
        public var timeZone: any LocalTimeZone
        /// New ids for what is added to history.
        public var ids: any IDSource
        /// Makes the scheduler of a live view, whose work runs on the given queue: its
        /// TimerService's ticks and its timed hints.
        public var makeScheduler: @Sendable (DispatchQueue) -> any Scheduler
        /// Where a hook's events go; nil for the real adapters (`--notify`'s and `--exec`'s, made
        /// from this process's environment and streams: `hookSinks`). Tests record them.
        public var hookSinks: [any HookEventSink]?
    }

    public struct PresentationContainer: Sendable {
        public var mapper: StopwatchUIMapper
        /// The line each error is reported with; it looks up stored names for its hints.
        public var errors: MessageMapper
        /// Where data goes: standard output.
        public var output: any TextOutput
        /// Where messages go: standard error.
        public var messages: any TextOutput
        /// The standard streams' terminal, if any: whether a view draws in place, in colour, how wide.
        public var terminal: TerminalCapabilities
    }

    public var data: DataContainer
    public var services: ServicesContainer
    public var presentation: PresentationContainer

    public init(
        store: any StopwatchStore,
        history: any HistoryStore,
        timeSource: any TimeSource,
        timeZone: any LocalTimeZone = SystemTimeZone(),
        ids: any IDSource = SystemIDSource(),
        output: any TextOutput,
        messages: any TextOutput,
        stateDirectory: String? = nil,
        terminal: TerminalCapabilities = .none,
        makeScheduler: @escaping @Sendable (DispatchQueue) -> any Scheduler = { DispatchScheduler(queue: $0) },
        hookSinks: [any HookEventSink]? = nil,
        goals: (any GoalStore)? = nil,
        plans: (any PlanStore)? = nil,
        waiterMarks: (any WaiterMarks)? = nil,
        changes: (any ChangeWatch)? = nil
    ) {
        // Kept beside the stopwatches, on the same file system: in the state directory, or the
        // file store's own.
        let files = store as? JSONFileStopwatchStore
        let directory = stateDirectory ?? files?.directoryPath
        let fileSystem = files?.fileSystem ?? SystemFileSystem()
        // This machine's id, made when a goal is first written.
        var machine: (@Sendable () -> String)?
        if let files { machine = { files.machine.hex } }
        data = DataContainer(
            store: store, history: history,
            changes: changes
                ?? stateDirectory.map { directory in
                    DirectoryChangeWatch(directory: directory) {
                        (try? JSONFileStopwatchStore.prepareDirectory(directory)) != nil
                    }
                },
            goals: goals
                ?? directory.map {
                    GoalFileStore(stateDirectory: $0, fileSystem: fileSystem, machine: machine, timeSource: timeSource)
                },
            plans: plans ?? directory.map { PlanFileStore(stateDirectory: $0, fileSystem: fileSystem) },
            waiterMarks: waiterMarks ?? stateDirectory.map { FlockWaiterMarks(stateDirectory: $0) }
        )
        services = ServicesContainer(
            timeSource: timeSource, timeZone: timeZone, ids: ids, makeScheduler: makeScheduler, hookSinks: hookSinks)
        var mapper = StopwatchUIMapper(zone: timeZone)
        // What this machine calls itself, for history's runs another machine recorded.
        if let files { mapper.machine = { files.machine.host } }
        presentation = PresentationContainer(
            mapper: mapper,
            errors: MessageMapper(
                mapper: mapper,
                knownNames: { kind in
                    switch kind {
                    case .all: try? store.names()
                    case .countdowns: (try? store.loadAll())?.names { $0.offers(.wait) }
                    case .cycles: (try? store.loadAll())?.names { $0.offers(.next) }
                    }
                }
            ),
            output: output, messages: messages, terminal: terminal
        )
    }

    /// The real adapters: the system clocks, the JSON files of the state directory that
    /// `environment` names (`STOPWATCH_HOME`, `XDG_STATE_HOME`, `HOME`), and the standard output
    /// streams and their terminal (`TerminalCapabilities.live`). `environment` looks a variable up,
    /// as `getenv` does.
    public static func live(environment: (String) -> String?) throws -> DependencyContainer {
        let timeSource = SystemTimeSource()
        // One zone for all: each reads the C library's zone once more (`tzset`).
        let timeZone = SystemTimeZone()
        let directory = try StateDirectoryLocator.path(in: environment)
        let store = JSONFileStopwatchStore(
            directoryPath: directory, timeSource: timeSource, zone: timeZone, machine: environment("STOPWATCH_MACHINE"))
        return DependencyContainer(
            store: store,
            history: store.history,
            timeSource: timeSource,
            timeZone: timeZone,
            output: FileDescriptorOutput.standardOutput,
            messages: FileDescriptorOutput.standardError,
            stateDirectory: directory,
            terminal: .live(environment: environment)
        )
    }
}
