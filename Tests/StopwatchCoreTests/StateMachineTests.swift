import StopwatchCore
import StopwatchTestSupport
import Testing

/// Every command from every status, through the use cases and an in-memory store.
@Suite struct StateMachineTests {
    let name = StopwatchName("build")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("build")!))

    enum Command: CaseIterable { case start, restart, pause, resume, lap, reset }

    func perform(_ command: Command) throws {
        switch command {
        case .start:
            try StartStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        case .restart:
            try RestartStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        case .pause:
            try PauseStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        case .resume:
            try ResumeStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        case .lap:
            try RecordLapUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        case .reset:
            try ResetStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(name)
        }
    }

    /// A stored stopwatch in `status`: an initial one has been started and reset.
    func bring(to status: StopwatchStatus) throws {
        try perform(.start)
        if status == .initial { try perform(.reset) }
        if status == .paused { try perform(.pause) }
    }

    static let expected: [StopwatchStatus: [Command: StopwatchStatus?]] = [
        .initial: [.start: .running, .restart: .running, .pause: nil, .resume: nil, .lap: nil, .reset: .initial],
        .running: [.start: nil, .restart: .running, .pause: .paused, .resume: nil, .lap: .running, .reset: .initial],
        .paused: [.start: nil, .restart: .running, .pause: nil, .resume: .running, .lap: nil, .reset: .initial],
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
            #expect(stateStore.state.state.status == next)
            let unchanged = command == .reset && status == .initial
            #expect(
                store.commitCount == commitsBefore + (unchanged ? 0 : 1), "a reset of a reset stopwatch writes nothing")
        } else {
            #expect(throws: StopwatchError.self) { try perform(command) }
            #expect(store.commitCount == commitsBefore, "a refused command writes nothing")
            #expect(try store.load(name) == before)
        }
    }

    @Test func aRefusalCarriesTheStateAndTheTimeItWasRefusedAt() throws {
        try perform(.start)
        clock.advance(by: .seconds(2))
        let running = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.start, running, at: clock.now())) { try perform(.start) }
        try perform(.pause)
        let paused = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.lap, paused, at: clock.now())) { try perform(.lap) }
    }

    @Test(arguments: [Command.pause, .resume, .lap, .reset])
    func aNameNeverCreatedIsNotCreatedByACommandThatNeedsIt(_ command: Command) throws {
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try perform(command) }
        #expect(store.commitCount == 0)
    }

    @Test(arguments: [Command.start, .restart])
    func startAndRestartCreate(_ command: Command) throws {
        try perform(command)
        #expect(try store.load(name)?.status == .running)
    }

    @Test func restartStartsOverFromAnyStatusInOneStep() throws {
        try perform(.start)
        clock.advance(by: .seconds(3))
        try perform(.lap)
        let commits = store.commitCount
        clock.advance(by: .seconds(4))
        try perform(.restart)
        #expect(store.commitCount == commits + 1)
        let restarted = try #require(try store.load(name))
        var expected = StopwatchState.initial(name).restarted(at: clock.now())
        expected.runID = restarted.runID
        #expect(restarted == expected && restarted.runID != nil)
        #expect(restarted.lapCount == 0 && restarted.elapsed(at: clock.now()).duration == .zero)
        #expect(try store.laps(of: name).isEmpty)
    }

    @Test func resetClearsTimeAndLaps() throws {
        try perform(.start)
        clock.advance(by: .seconds(3))
        try perform(.lap)
        try perform(.reset)
        #expect(try store.load(name) == .initial(name))
        #expect(try store.laps(of: name).isEmpty)
    }

    @Test func deleteForgetsTheStopwatchesAllOrNone() throws {
        let other = StopwatchName("other")!
        try perform(.start)
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(other)
        let delete = DeleteStopwatchesUseCase(store: store, timeSource: clock, ids: SequentialIDSource.shared)
        #expect(throws: StopwatchError.noSuchStopwatch(StopwatchName("ghost")!)) {
            try delete.execute([name, StopwatchName("ghost")!])
        }
        #expect(try store.load(name) != nil, "nothing is deleted when one name is missing")
        try delete.execute([name, other])
        #expect(try store.names().isEmpty)
    }

    @Test func startUnlessRunningStartsAnInitialOneKeepsARunningOneAndRefusesAPausedOne() throws {
        let startUnlessRunning = StartUnlessRunningUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        let started = try startUnlessRunning.execute(name)
        #expect(started.status == .running)
        let commits = store.commitCount
        clock.advance(by: .seconds(2))
        #expect(try startUnlessRunning.execute(name) == started)
        #expect(store.commitCount == commits, "a running stopwatch is left as it is, unwritten")
        #expect(stateStore.state.state == started)
        try perform(.pause)
        let paused = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.recordRun, paused, at: clock.now())) {
            try startUnlessRunning.execute(name)
        }
    }

    @Test func loadingANameNeverCreatedShowsItInitialWithoutStoringIt() throws {
        let state = try LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        #expect(state == .initial(name))
        #expect(store.commitCount == 0)
    }

    @Test func loadingWhatIsRequiredOfANameNeverCreatedOrOfAStopwatch() throws {
        let load = LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock)
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try load.execute(name, requiring: .existence) }
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try load.execute(name, requiring: .countdown) }
        try perform(.start)
        let running = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.wait, running, at: clock.now())) {
            try load.execute(name, requiring: .countdown)
        }
    }

    @Test func aRunIsRecordedAsALapOfItsOwnTime() throws {
        try perform(.start)
        clock.advance(by: .seconds(100))
        let lap = try RecordLapUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name, label: "make", duration: .seconds(7))
        #expect(lap.duration == .seconds(7), "idle time before the run is not charged to it")
        #expect(lap.total == .seconds(100))
    }
}

@Suite struct ToggleTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(.default))

    @Test func togglesThroughStartPauseResume() throws {
        let toggle = ToggleStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        #expect(try toggle.execute(.default).status == .running)
        clock.advance(by: .seconds(2))
        #expect(try toggle.execute(.default).status == .paused)
        clock.advance(by: .seconds(5))
        #expect(try toggle.execute(.default).status == .running)
        clock.advance(by: .seconds(1))
        #expect(stateStore.state.state.elapsed(at: clock.now()).duration == .seconds(3))
    }

    @Test func decidesOnTheStoredStatusNotAStaleOne() throws {
        // Another process paused it; this process's StateStore still says running.
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(.default)
        let elsewhere = StateStore(StopwatchSnapshot.initial(.default))
        try PauseStopwatchUseCase(
            store: store, stateStore: elsewhere, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(.default)
        #expect(stateStore.state.state.status == .running)
        #expect(
            try ToggleStopwatchUseCase(
                store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
            ).execute(.default).status == .running)
    }
}
