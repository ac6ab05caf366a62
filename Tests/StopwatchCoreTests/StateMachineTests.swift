import StopwatchCore
import StopwatchTestSupport
import Testing

/// Every command from every status, through the use cases and an in-memory store.
@Suite struct StateMachineTests {
    let name = StopwatchName("build")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchState.initial(StopwatchName("build")!))

    enum Command: CaseIterable { case start, pause, resume, lap, reset }

    func perform(_ command: Command) throws {
        switch command {
        case .start: try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        case .pause: try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        case .resume: try ResumeStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        case .lap: try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        case .reset: try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        }
    }

    func bring(to status: StopwatchStatus) throws {
        if status != .initial { try perform(.start) }
        if status == .paused { try perform(.pause) }
    }

    static let expected: [StopwatchStatus: [Command: StopwatchStatus?]] = [
        .initial: [.start: .running, .pause: nil, .resume: nil, .lap: nil, .reset: nil],
        .running: [.start: nil, .pause: .paused, .resume: nil, .lap: .running, .reset: .initial],
        .paused: [.start: nil, .pause: nil, .resume: .running, .lap: nil, .reset: .initial],
    ]

    @Test(arguments: StopwatchStatus.allCases, Command.allCases)
    func transition(from status: StopwatchStatus, command: Command) throws {
        try bring(to: status)
        let commitsBefore = store.commitCount
        let before = try store.load(name)
        clock.advance(by: .seconds(1))
        if let next = Self.expected[status]![command]! {
            try perform(command)
            #expect(try store.load(name)?.status == next)
            #expect(stateStore.state.status == next)
            #expect(store.commitCount == commitsBefore + 1)
        } else {
            #expect(throws: StopwatchError.self) { try perform(command) }
            #expect(store.commitCount == commitsBefore, "a refused command writes nothing")
            #expect(try store.load(name) == before)
        }
    }

    @Test func refusalsSayWhy() throws {
        try perform(.start)
        #expect(throws: StopwatchError.notApplicable(name, command: "start", reason: "it is already running")) {
            try perform(.start)
        }
        try perform(.pause)
        #expect(throws: StopwatchError.notApplicable(name, command: "lap", reason: "it is paused")) {
            try perform(.lap)
        }
    }

    @Test func resetClearsTimeAndLaps() throws {
        try perform(.start)
        clock.advance(by: .seconds(3))
        try perform(.lap)
        try perform(.reset)
        #expect(try store.load(name) == .initial(name))
        #expect(try store.laps(of: name).isEmpty)
    }

    @Test func deleteForgetsTheStopwatch() throws {
        try perform(.start)
        try DeleteStopwatchUseCase(store: store, stateStore: stateStore).execute(name)
        #expect(try store.load(name) == nil)
        #expect(stateStore.state == .initial(name))
        #expect(throws: StopwatchError.noSuchStopwatch(name)) {
            try DeleteStopwatchUseCase(store: store, stateStore: stateStore).execute(name)
        }
    }

    @Test func startUnlessRunningStartsAnInitialOneKeepsARunningOneAndRefusesAPausedOne() throws {
        let startUnlessRunning = StartUnlessRunningUseCase(store: store, stateStore: stateStore, timeSource: clock)
        let started = try startUnlessRunning.execute(name)
        #expect(started.status == .running)
        let commits = store.commitCount
        clock.advance(by: .seconds(2))
        #expect(try startUnlessRunning.execute(name) == started)
        #expect(store.commitCount == commits, "a running stopwatch is left as it is, unwritten")
        #expect(stateStore.state == started)
        try perform(.pause)
        #expect(throws: StopwatchError.notApplicable(name, command: "record a run in", reason: "it is paused; resume it first")) {
            try startUnlessRunning.execute(name)
        }
    }

    @Test func loadingANameNeverCreatedShowsItInitialWithoutStoringIt() throws {
        let state = try LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        #expect(state == .initial(name))
        #expect(store.commitCount == 0)
    }
}

@Suite struct ToggleTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchState.initial(.default))

    @Test func togglesThroughStartPauseResume() throws {
        let toggle = ToggleStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock)
        #expect(try toggle.execute(.default).status == .running)
        clock.advance(by: .seconds(2))
        #expect(try toggle.execute(.default).status == .paused)
        clock.advance(by: .seconds(5))
        #expect(try toggle.execute(.default).status == .running)
        clock.advance(by: .seconds(1))
        #expect(stateStore.state.elapsed(at: clock.now()).duration == .seconds(3))
    }

    @Test func decidesOnTheStoredStatusNotAStaleOne() throws {
        // Another process paused it; this process's StateStore still says running.
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(.default)
        let elsewhere = StateStore(StopwatchState.initial(.default))
        try PauseStopwatchUseCase(store: store, stateStore: elsewhere, timeSource: clock).execute(.default)
        #expect(stateStore.state.status == .running)
        #expect(try ToggleStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(.default).status == .running)
    }
}
