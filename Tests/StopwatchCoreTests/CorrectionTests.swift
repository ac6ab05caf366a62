import StopwatchCore
import StopwatchTestSupport
import Testing

/// Corrections of history and undo, through the use cases and the in-memory store on the fake
/// clock: each correction, each refusal (nothing written), and undo of every kind of change.
@Suite struct CorrectionTests {
    let clock = ManualTimeSource()
    let zone = ManualTimeZone()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let build = StopwatchName("build")!
    var stateStore: StateStore<StopwatchSnapshot> { StateStore(StopwatchSnapshot.initial(StopwatchName("build")!)) }
    var runsStore: StateStore<RunHistory> { StateStore(RunHistory()) }

    var kept: [RunRecord] {
        (try? store.history.read().runs(hiding: Set(store.loadAll().stopwatches.compactMap(\.currentRunID))).runs) ?? []
    }

    func start(_ name: StopwatchName? = nil, ago: Duration? = nil) throws {
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(name ?? build, back: ago.map { .ago($0) }, in: zone)
    }
    func pause() throws {
        try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(build)
    }
    func lap() throws {
        _ = try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(build)
    }
    func reset(_ name: StopwatchName? = nil) throws {
        try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(
            name ?? build)
    }
    func restart() throws {
        try RestartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(build)
    }
    func edit(
        _ reference: RunReference = .latest, start: TimeCorrection? = nil, end: TimeCorrection? = nil,
        name: StopwatchName? = nil, tags: [String]? = nil
    ) throws -> RunRecord {
        try CorrectRunUseCase(
            history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids
        )
        .execute(reference, start: start, end: end, name: name, tags: tags)
    }
    @discardableResult
    func undo(redo: Bool = false) throws -> HistoryChange {
        try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute(redo: redo)
    }

    /// A run of `build` that ran `seconds` and ended, the clock then a minute on.
    func endedRun(_ seconds: Int64) throws -> RunRecord {
        try start()
        clock.advance(by: .seconds(seconds))
        try reset()
        clock.advance(by: .seconds(60))
        return try #require(kept.last)
    }

    @Test func anEndedRunsStartAndEndMoveAndItsTimeWithThem() throws {
        let run = try endedRun(600)
        let earlier = try edit(.id(run.id.prefix(8)), start: .by(.seconds(-120)))
        #expect(
            earlier.id == run.id && earlier.startedAt == run.startedAt - .seconds(120)
                && earlier.elapsed == .seconds(720))
        let shorter = try edit(.id(run.id.hex), end: .to(.instant(run.endedAt - .seconds(300))))
        #expect(shorter.endedAt == run.endedAt - .seconds(300) && shorter.elapsed == .seconds(420))
        let renamed = try edit(.name(build), name: StopwatchName("deploy")!, tags: ["b", "a"])
        #expect(
            renamed.name.rawValue == "deploy" && renamed.tags == ["a", "b"] && renamed.recordedAs == run.recordedAs,
            "its laps stay where they were kept")
        #expect(kept.count == 1 && kept[0] == renamed, "one run, corrected in place, its id kept")
    }

    /// A run that ends ahead of this machine's clock (another machine's, its clock ahead; here the
    /// clock set back) still takes a tag: only a bound told is refused in the future.
    @Test func aBoundLeftAsItWasMayLieAheadOfTheClock() throws {
        let run = try endedRun(600)
        clock.shiftWallClock(by: .seconds(-3600))
        let tagged = try edit(.id(run.id.hex), tags: ["billable"])
        #expect(tagged.tags == ["billable"] && tagged.endedAt == run.endedAt)
        #expect(throws: StopwatchError.inTheFuture(run.endedAt + .seconds(1), now: clock.now().wall)) {
            try edit(.id(run.id.hex), end: .by(.seconds(1)))
        }
    }

    @Test func aCorrectionThatCannotBeIsRefusedAndWritesNothing() throws {
        let first = try endedRun(600)
        let second = try endedRun(300)
        let commits = store.commitCount
        #expect(throws: StopwatchError.endBeforeStart(start: second.startedAt, end: second.startedAt - .seconds(1))) {
            try edit(.id(second.id.hex), end: .to(.instant(second.startedAt - .seconds(1))))
        }
        #expect(throws: StopwatchError.inTheFuture(clock.now().wall + .seconds(5), now: clock.now().wall)) {
            try edit(.id(second.id.hex), end: .by(clock.now().wall + .seconds(5) - second.endedAt))
        }
        // A run paused half its span: moving its start and end in by more than it counted.
        try start(StopwatchName("paused")!)
        clock.advance(by: .seconds(100))
        try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(
            StopwatchName("paused")!)
        clock.advance(by: .seconds(100))
        try ResumeStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(
            StopwatchName("paused")!)
        clock.advance(by: .seconds(100))
        try reset(StopwatchName("paused")!)
        let paused = try #require(kept.last)
        let afterPaused = store.commitCount
        #expect(throws: StopwatchError.lessThanNothing(paused)) {
            try edit(.id(paused.id.hex), start: .by(.seconds(110)), end: .by(.seconds(-110)))
        }
        #expect(store.commitCount == afterPaused)
        let overlap = #expect(throws: StopwatchError.self) {
            try edit(.id(second.id.hex), start: .to(.instant(first.endedAt - .seconds(10))))
        }
        #expect(
            overlap
                == .overlap(
                    try #require(second.moved(start: first.endedAt - .seconds(10), end: second.endedAt)), other: first))
        #expect(throws: StopwatchError.noSuchRunID("ffff0000")) { try edit(.id("ffff0000"), tags: ["x"]) }
        #expect(store.commitCount == commits + 4, "nothing written but the setting up of the paused run")
    }

    @Test func anIdThatBeginsSeveralRunsIsRefusedWithThem() throws {
        let shared = EventID(high: 0xabcd_0000_0000_0000, low: 1)
        let other = EventID(high: 0xabcd_1000_0000_0000, low: 2)
        for (index, id) in [shared, other].enumerated() {
            let run = RunRecord(
                id: id, name: build, plan: .open, startedAt: .seconds(1000 + Int64(index) * 100),
                endedAt: .seconds(1050 + Int64(index) * 100),
                elapsed: .seconds(50), isEstimated: false, lapCount: 0
            )
            try store.history.update { _, _ in
                HistoryCommit(
                    change: HistoryChange(id: ids.next(), madeAt: .seconds(2000), kind: .track, events: [.run(run)]))
            }
        }
        let ambiguous = #expect(throws: StopwatchError.self) { try edit(.id("abcd"), tags: ["x"]) }
        guard case .ambiguousRunID("abcd", let candidates)? = ambiguous else {
            Issue.record("\(String(describing: ambiguous))")
            return
        }
        #expect(candidates.map(\.id) == [other, shared], "newest first")
        #expect(try edit(.id("abcd1"), tags: ["x"]).id == other)
    }

    @Test func theStartOfTheStopwatchRunningNowMovesAndItsEndPausesItAsOfThen() throws {
        clock.advance(by: .seconds(3600))
        try start()
        clock.advance(by: .seconds(600))
        let moved = try edit(start: .by(.seconds(-900)))
        #expect(moved.current == .running && moved.elapsed == .seconds(1500))
        #expect(
            try store.load(build)?.elapsed(at: clock.now()).duration == .seconds(1500),
            "the stopwatch counts from the new start")
        #expect(try store.load(build)?.startedAt == moved.startedAt)
        let ended = try edit(end: .by(.zero - .seconds(300)))
        #expect(
            ended.current == .paused && ended.elapsed == .seconds(1200)
                && ended.endedAt == clock.now().wall - .seconds(300))
        let paused = try #require(try store.load(build))
        #expect(paused.status == .paused && paused.pausedAt == clock.now().wall - .seconds(300))
        let movedPause = try edit(end: .by(.seconds(60)))
        #expect(movedPause.elapsed == .seconds(1260), "the pause moved a minute later")
    }

    @Test func theEndOfARunStartedBeforeThisBootGoesBackBeforeItEstimated() throws {
        clock.advance(by: .seconds(60))
        try start(ago: .seconds(3 * 3600))
        clock.advance(by: .seconds(60))
        let ended = try edit(end: .to(.instant(clock.now().wall - .seconds(2 * 3600))))
        #expect(
            ended.current == .paused && ended.elapsed == .seconds(3600 + 60) && ended.isEstimated,
            "before this boot: counted on the wall clock")
    }

    @Test func removingARunTakesItOutAndRemovingTheOneInProgressResetsItsStopwatch() throws {
        let run = try endedRun(30)
        try start()
        let removed = try RemoveRunsUseCase(history: store.history, stateStore: runsStore, timeSource: clock, ids: ids)
            .execute(
                [.id(run.id.hex), .name(build)])
        #expect(removed.count == 2 && kept.isEmpty)
        #expect(try store.load(build)?.status == .initial, "the run in progress thrown away")
        try undo()
        #expect(try kept.map(\.id) == [run.id] && store.load(build)?.status == .running, "both back")
    }

    @Test func aRunSplitAndJoinedAgainIsTheRunItWas() throws {
        let run = try endedRun(600)
        let split = SplitRunUseCase(
            history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids)
        let parts = try split.execute(.id(run.id.hex), at: .instant(run.startedAt + .seconds(200)))
        #expect(
            parts.map(\.elapsed) == [.seconds(200), .seconds(400)] && parts[0].id == run.id && parts[1].id != run.id)
        #expect(parts[0].endedAt == parts[1].startedAt && kept.count == 2)
        #expect(throws: StopwatchError.notWithin(parts[0], run.endedAt)) {
            try split.execute(.id(run.id.hex), at: .instant(run.endedAt))
        }
        let join = JoinRunsUseCase(history: store.history, stateStore: runsStore, timeSource: clock, ids: ids)
        let joined = try join.execute(.id(parts[1].id.hex), .id(run.id.hex))
        #expect(
            joined.id == run.id && joined.startedAt == run.startedAt && joined.endedAt == run.endedAt
                && joined.elapsed == run.elapsed)
        #expect(kept == [joined])
        #expect(throws: StopwatchError.cannotJoin(joined, joined, because: .sameRun)) {
            try join.execute(.id(joined.id.hex), .id(joined.id.hex))
        }
    }

    @Test func undoPutsAResetStopwatchBackWithItsLapsAndRedoResetsItAgain() throws {
        try start()
        clock.advance(by: .seconds(5))
        try lap()
        clock.advance(by: .seconds(5))
        let before = try #require(try store.load(build))
        try reset()
        let undone = try undo()
        #expect(undone.kind == .reset)
        #expect(try store.load(build) == before && store.laps(of: build).count == 1, "as it was, its lap with it")
        #expect(kept.isEmpty, "its run is current again, not in history too")
        try undo(redo: true)
        #expect(try store.load(build)?.status == .initial && kept.count == 1)
        try undo()
        #expect(throws: StopwatchError.nothingToUndo(redo: false)) { try undo() }
        try TrackRunUseCase(history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids)
            .execute(
                StopwatchName("other")!, from: .instant(clock.now().wall - .seconds(60)), to: .instant(clock.now().wall)
            )
        #expect(
            throws: StopwatchError.nothingToUndo(redo: true), "a redo only while no other change came after the undo"
        ) { try undo(redo: true) }
    }

    @Test func undoRefusesToOverwriteAStopwatchChangedSince() throws {
        try start()
        clock.advance(by: .seconds(5))
        try reset()
        try start()
        let refused = #expect(throws: StopwatchError.self) { try undo() }
        guard case .changedSince(let change, let now)? = refused else {
            Issue.record("\(String(describing: refused))")
            return
        }
        #expect(change.kind == .reset && now?.status == .running)
        #expect(try store.load(build)?.status == .running)
    }

    @Test func undoTakesBackARestartADeletionATrackAndAnEdit() throws {
        try start()
        clock.advance(by: .seconds(5))
        let running = try #require(try store.load(build))
        try restart()
        try undo()
        #expect(try store.load(build) == running && kept.isEmpty)
        try DeleteStopwatchesUseCase(store: store, timeSource: clock, ids: ids).execute([build])
        #expect(try store.load(build) == nil && kept.count == 1)
        try undo()
        #expect(try store.load(build) == running && kept.isEmpty)
        let track = TrackRunUseCase(
            history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids)
        try track.execute(
            StopwatchName("meeting")!, from: .instant(clock.now().wall - .seconds(7200)),
            to: .instant(clock.now().wall - .seconds(3600)))
        let tracked = try #require(kept.first)
        _ = try edit(.id(tracked.id.hex), tags: ["x"])
        #expect(kept.first?.tags == ["x"])
        #expect(try undo().kind == .edit)
        #expect(kept == [tracked])
        #expect(try undo().kind == .track)
        #expect(kept.isEmpty)
    }
}

/// Undo restores exactly: random changes to history (a `reset`, `restart`, `delete`, `track`, a
/// correction, a removal), then an undo of each, newest first, give back the stopwatches and the
/// history as they were before each change (seeded). Starts and laps come first, so that there
/// are runs to change.
@Suite struct UndoPropertyTests {
    /// With `inParts`, the store gives history as a long one is read: runs from a snapshot and the
    /// changes since, undo the latest two changes first.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8], [false, true])
    func undoingEachChangeGivesBackWhatItFound(seed: UInt64, inParts: Bool) throws {
        var random = SplitMix64(seed: seed)
        let clock = ManualTimeSource()
        let zone = ManualTimeZone()
        let store = InMemoryStopwatchStore(readsInParts: inParts)
        let ids = SequentialIDSource(seed: seed)
        let names = ["a", "b", "c"].map { StopwatchName($0)! }
        let runsStore = StateStore(RunHistory())
        func snapshot() throws -> ([StopwatchState], [RunRecord]) {
            let stopwatches = try store.loadAll().stopwatches
            return (
                stopwatches, try store.history.read().runs(hiding: Set(stopwatches.compactMap(\.currentRunID))).runs
            )
        }
        for name in names {
            let stateStore = StateStore(StopwatchSnapshot.initial(name))
            try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
            for _ in 0..<(random.next() % 3) {
                clock.advance(by: .seconds(7))
                _ = try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(
                    name)
            }
        }
        var before: [([StopwatchState], [RunRecord])] = []
        for _ in 0..<30 {
            clock.advance(by: .seconds(Int64(random.next() % 600) + 1))
            let name = names[Int(random.next() % 3)]
            let stateStore = StateStore(StopwatchSnapshot.initial(name))
            let was = try snapshot()
            let changesBefore = store.changes.count
            let holdsRun = try store.load(name).map { $0.status != .initial } ?? false
            switch random.next() % 7 {
            case 0:
                _ = try? ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
                    .execute(name)
            // A restart of one without a run only starts it: no change to history.
            case 1 where holdsRun:
                _ = try? RestartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
                    .execute(name)
            case 2: try? DeleteStopwatchesUseCase(store: store, timeSource: clock, ids: ids).execute([name])
            case 3:
                _ = try? TrackRunUseCase(
                    history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids
                )
                .execute(
                    name, from: .instant(clock.now().wall - .seconds(30)), to: .instant(clock.now().wall - .seconds(10))
                )
            case 4:
                _ = try? CorrectRunUseCase(
                    history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids
                )
                .execute(
                    .name(name), start: .by(.seconds(-Int64(random.next() % 100))), tags: ["t\(random.next() % 3)"])
            case 5:
                _ = try? CorrectRunUseCase(
                    history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids
                )
                .execute(.name(name), end: .by(.seconds(-Int64(random.next() % 5))))
            default:
                _ = try? RemoveRunsUseCase(history: store.history, stateStore: runsStore, timeSource: clock, ids: ids)
                    .execute([
                        .name(name)
                    ])
            }
            if store.changes.count > changesBefore {
                before.append(was)
            } else {
                #expect(try snapshot() == was, "a refused change changed nothing")
            }
        }
        #expect(before.count > 10)
        for expected in before.reversed() {
            clock.advance(by: .seconds(1))
            try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute()
            let now = try snapshot()
            #expect(now.0 == expected.0, "the stopwatches as they were")
            #expect(now.1 == expected.1, "history as it was")
        }
        #expect(throws: StopwatchError.nothingToUndo(redo: false)) {
            try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute()
        }
    }
}

/// What a deliberate slip in the code once passed the whole suite by: each pinned here.
@Suite struct HistoryEdgeTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let name = StopwatchName("build")!

    @Test func aRestartInTheSameMicrosecondAsTheStartKeepsTheRunAndItsLaps() throws {
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        _ = try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(
            name, label: "same instant")
        try RestartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        let runs = try store.history.read().runs(hiding: Set(store.loadAll().stopwatches.compactMap(\.currentRunID)))
            .runs
        #expect(runs.count == 1 && runs[0].lapCount == 1, "the laps were thrown away, so the run ended")
        #expect(try store.history.laps(ofRun: runs[0]).map(\.label) == ["same instant"])
        #expect(try store.load(name)?.runID != runs[0].id, "the run begun again is another")
    }

    @Test func aRunEndingExactlyAtTheSinceDaysMidnightIsNotInThatDay() throws {
        let zone = ManualTimeZone()
        // 2026-11-24T00:00:00Z.
        let midnight = Duration.seconds(1_795_478_400)
        try TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()),
            timeSource: ManualTimeSource(wall: midnight + .seconds(3600)), timeZone: zone, ids: ids
        )
        .execute(name, from: .instant(midnight - .seconds(3600)), to: .instant(midnight))
        let list = ListRunsUseCase(
            store: store, history: store.history, stateStore: StateStore(RunHistory()),
            timeSource: ManualTimeSource(wall: midnight + .seconds(3600)))
        #expect(try list.execute(since: midnight).runs.isEmpty, "it has no time in the day that begins as it ends")
        #expect(try list.execute(since: midnight - .seconds(86_400), until: midnight).runs.count == 1)
        let report = RunReport(try store.history.read().runs(), by: [.day], in: zone, since: midnight)
        #expect(report.rows.isEmpty && report.total == .zero)
    }
}

/// What a run books, on the fake clock: a countdown up to its zero whatever follows (a suspend in
/// its overtime, a reboot, a dismissal long after), and a paused run ended when it was paused.
@Suite struct BookingTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("tea")!

    @Test func aCountdownBooksUpToItsZeroThroughASuspendAndARebootInItsOvertime() throws {
        let started = clock.now().wall
        let tea = StopwatchState.countdown(name, duration: .seconds(300), startedAt: clock.now())
        clock.advance(by: .seconds(360))
        clock.suspend(for: .seconds(3600))
        let suspended = try #require(tea.record(endedAt: clock.now()))
        #expect(suspended.elapsed == .seconds(300) && suspended.overtime == .seconds(3660) && suspended.reachedEnd)
        #expect(suspended.endedAt == started + .seconds(300), "it ended at its zero")
        clock.reboot(after: .seconds(7200))
        let rebooted = try #require(tea.rebased(at: clock.now()).record(endedAt: clock.now()))
        #expect(
            rebooted.elapsed == .seconds(300) && rebooted.isEstimated,
            "still its 5 minutes, the overtime estimated across the reboot")
        #expect(rebooted.endedAt == started + .seconds(300))
    }

    @Test func aPausedRunEndedWhenItWasPausedNotWhenItWasReset() throws {
        let began = clock.now().wall
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(3600))
        state = try state.paused(at: clock.now())
        clock.advance(by: .seconds(16 * 3600))
        let run = try #require(state.record(endedAt: clock.now()))
        #expect(
            run.endedAt == began + .seconds(3600) && run.elapsed == .seconds(3600), "a night paused is in no day's time"
        )
    }
}

/// A log that begins after history's first change answers what it can and says when it cannot.
@Suite struct PartialLogTests {
    let ids = SequentialIDSource()

    func track(_ name: String, at second: Int64) -> HistoryChange {
        let run = RunRecord(
            id: ids.next(), name: StopwatchName(name)!, plan: .open, startedAt: .seconds(second),
            endedAt: .seconds(second + 60),
            elapsed: .seconds(60), isEstimated: true, lapCount: 0
        )
        return HistoryChange(id: ids.next(), madeAt: .seconds(second + 60), kind: .track, events: [.run(run)])
    }

    @Test func theLatestChangesGiveTheLastUndoableWhenItIsAmongThemAndAskForMoreWhenNot() throws {
        let first = track("a", at: 0)
        let second = track("b", at: 100)
        let undo = HistoryChange(id: ids.next(), madeAt: .seconds(300), kind: .undo, events: [.undo(second.id)])
        let latest = HistoryLog(beginning: .later, changes: [second, undo])
        #expect(throws: HistoryLog.Incomplete.self, "the change before the undone one lies before the log") {
            try latest.lastUndoable()
        }
        #expect(try latest.lastRedoable()?.id == undo.id)
        #expect(try latest.change(second.id)?.id == second.id)
        #expect(throws: HistoryLog.Incomplete.self) { try latest.change(first.id) }
        let whole = HistoryLog(changes: [first, second, undo])
        #expect(try whole.lastUndoable()?.id == first.id)
        #expect(try whole.change(EventID(high: 1, low: 1)) == nil, "no such change, in a log that holds them all")
    }

    @Test func aLogAfterASnapshotGivesTheRunsTheWholeGives() throws {
        let changes = (0..<6).map { track($0 % 2 == 0 ? "a" : "b", at: Int64($0) * 100) }
        guard case .run(var revised) = changes[1].events[0] else { preconditionFailure() }
        revised.tags = ["late"]
        guard case .run(let removed) = changes[2].events[0] else { preconditionFailure() }
        let more = [
            HistoryChange(id: ids.next(), madeAt: .seconds(900), kind: .edit, events: [.revised(revised)]),
            HistoryChange(id: ids.next(), madeAt: .seconds(901), kind: .remove, events: [.removed(removed.id)]),
        ]
        let whole = HistoryLog(changes: changes + more)
        for cut in 0...(changes.count + more.count) {
            let all = changes + more
            let parted = HistoryLog(
                beginning: .after(HistoryLog(changes: Array(all[..<cut])).snapshot()), changes: Array(all[cut...]))
            #expect(parted.runs() == whole.runs(), "cut after \(cut) changes")
            #expect(parted.runs(hiding: [revised.id]) == whole.runs(hiding: [revised.id]))
        }
    }
}
