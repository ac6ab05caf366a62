import StopwatchTestSupport
import Testing

@testable import StopwatchCore
@testable import StopwatchPlatform

/// Away time as the files keep it: a journal line's `awayMicroseconds`, `awayPolicy` and
/// `runningSince.asleepMicroseconds`, and a history line's AWAY field.
@Suite struct AwayStorageTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("work")!

    func readBack(_ state: StopwatchState) throws -> StopwatchState {
        let json = StopwatchFileEntity(state, updatedAt: clock.now().wall).json
        let text = JSONWriter.compact(json)
        return try StopwatchFileEntity(json: JSONReader.read(Array(text.utf8))).state(expecting: name)
    }

    @Test func aJournalLineKeepsTheSleepSoFarThePolicyAndTheAwayTime() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.suspend(for: .seconds(100))
        state = try state.paused(at: clock.now())
        state = try state.resumed(at: clock.now())
        let read = try readBack(state)
        #expect(read == state)
        #expect(read.runningSince?.asleep == .seconds(100) && read.away == .seconds(100) && read.awayPolicy == .drop)
        let text = JSONWriter.compact(StopwatchFileEntity(state, updatedAt: clock.now().wall).json)
        #expect(text.contains(#""awayMicroseconds":100000000"#) && text.contains(#""awayPolicy":"drop""#))
        #expect(text.contains(#""asleepMicroseconds":100000000"#))
    }

    @Test func aRunningSinceWrittenBefore050TellsNoSleepBeforeItAsAwayTime() throws {
        clock.suspend(for: .seconds(50))
        let state = try StopwatchState.initial(name).started(at: clock.now())
        var entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.runningSince?.asleepMicroseconds = nil
        let read = try entity.state(expecting: name)
        #expect(read.runningSince?.asleep == read.runningSince?.boot)
        #expect(read.away(at: clock.now()) == .zero, "the 50 s slept before it are not its")
        clock.suspend(for: .seconds(200))
        // Taken as having slept all of its 150 s of boot: 250 s asleep by now less those.
        #expect(read.away(at: clock.now()) == .seconds(100), "at least what it slept since")
    }

    @Test func aBadAwayFieldIsRefused() throws {
        let state = try StopwatchState.initial(name).started(at: clock.now())
        var entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.awayPolicy = "sometimes"
        #expect(throws: EntityError.badAwayPolicy("sometimes")) { try entity.state(expecting: name) }
        entity = StopwatchFileEntity(StopwatchState.initial(name), updatedAt: clock.now().wall)
        entity.awayMicroseconds = 5
        #expect(throws: EntityError.awayOutsideRun) { try entity.state(expecting: name) }
        entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.runningSince?.asleepMicroseconds = -1
        #expect(throws: EntityError.self) { try entity.state(expecting: name) }
        // More than the boot clock, as a file edited by hand may say: no more than it.
        let boot = entity.runningSince?.bootMicroseconds ?? 0
        entity.runningSince?.asleepMicroseconds = boot + 1
        #expect(try entity.state(expecting: name).runningSince?.asleep == .microseconds(boot))
    }

    @Test func aHistoryLineKeepsTheAwayTimeAndWhatTheRunDidWithIt() throws {
        var run = RunRecord(
            id: EventID(high: 1, low: 2), name: name, plan: .open, startedAt: .seconds(1_767_225_600),
            endedAt: .seconds(1_767_225_600 + 30_000), elapsed: .seconds(1200), isEstimated: false, lapCount: 0,
            phasesEnded: 0)
        run.away = .seconds(28_800)
        run.awayPolicy = .drop
        for event in [HistoryEvent.run(run), .revised(run)] {
            let change = HistoryChange(id: EventID(high: 3, low: 4), madeAt: run.endedAt, kind: .track, events: [event])
            let bytes = HistoryLine.lines(of: change, sequence: 1, zone: ManualTimeZone())
            #expect(String(decoding: bytes, as: UTF8.self).contains("\tdrop:28800000000\n"))
            var names: [StopwatchName] = []
            let line = try #require(try HistoryLine.decode(bytes.dropLast()[...], names: &names))
            switch line.event {
            case .run(let read), .revised(let read):
                #expect(read.away == .seconds(28_800) && read.awayPolicy == .drop)
            default: Issue.record("not a run: \(line.event)")
            }
        }
        // None, and a policy not its plan's: the field says so; its plan's (a stopwatch keeps, a
        // cycle drops): no field, read as its plan does.
        run.away = .zero
        func written(_ run: RunRecord) throws -> (text: String, read: RunRecord?) {
            let change = HistoryChange(
                id: EventID(high: 3, low: 4), madeAt: run.endedAt, kind: .track, events: [.run(run)])
            let bytes = HistoryLine.lines(of: change, sequence: 1, zone: ManualTimeZone())
            var names: [StopwatchName] = []
            let line = try HistoryLine.decode(bytes.dropLast()[...], names: &names)
            guard case .run(let read)? = line?.event else { return (String(decoding: bytes, as: UTF8.self), nil) }
            return (String(decoding: bytes, as: UTF8.self), read)
        }
        let dropping = try written(run)
        #expect(dropping.text.hasSuffix("\tdrop:0\n") && dropping.read?.awayPolicy == .drop)
        run.awayPolicy = .keep
        let keeping = try written(run)
        #expect(!keeping.text.contains("keep:"), "no field for none: a line as an earlier build wrote it")
        #expect(keeping.read?.awayPolicy == .keep)
        run.plan = .sequence(PhaseSequence(phases: [Phase("work", .seconds(1500))], rounds: 1))
        run.awayPolicy = .drop
        let cycle = try written(run)
        #expect(!cycle.text.contains("drop:") && cycle.read?.awayPolicy == .drop, "a cycle drops: no field")
    }

    @Test func anUndoPutsBackTheAwayTimeOfTheRunItGivesBack() throws {
        let directory = TemporaryDirectory()
        let store = JSONFileStopwatchStore(directoryPath: directory.file("state"), timeSource: clock)
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let ids = SequentialIDSource()
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        clock.suspend(for: .seconds(3600))
        try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute()
        let back = try #require(try store.load(name))
        #expect(back.away(at: clock.now()) == .seconds(3600), "\(String(describing: back.runningSince))")
    }

    @Test func aLockedAndAnIdleStretchAreKeptApartInAJournalAHistoryLineAndTheSnapshot() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        var since = clock.now()
        clock.advance(by: .seconds(600))
        state = state.booking(.lock, since: since, at: clock.now())
        since = clock.now()
        clock.advance(by: .seconds(120))
        state = state.booking(.idle, since: since, at: clock.now())
        clock.suspend(for: .seconds(30))
        state = try state.paused(at: clock.now())
        let read = try readBack(state)
        #expect(read == state && read.awayLocked == .seconds(600) && read.awayIdle == .seconds(120))
        let text = JSONWriter.compact(StopwatchFileEntity(state, updatedAt: clock.now().wall).json)
        #expect(
            text.contains(#""awayLockedMicroseconds":600000000"#) && text.contains(#""awayIdleMicroseconds":120000000"#)
        )
        var entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.awayLockedMicroseconds = 800_000_000
        #expect(throws: EntityError.self, "more locked than away") { try entity.state(expecting: name) }
        entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.awayMicroseconds = nil
        #expect(throws: EntityError.awayOutsideRun) { try entity.state(expecting: name) }
        #expect(
            read.lastAway
                == AwayStretch(cause: .idle, from: since.wall, to: since.wall + .seconds(120), length: .seconds(120)))
        entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.lastAway?.cause = "suspend"
        #expect(throws: EntityError.badAwayStretch, "a suspend's stretch is all sleep") {
            try entity.state(expecting: name)
        }
        entity.lastAway?.asleepMicroseconds = 120_000_000
        #expect(try entity.state(expecting: name).lastAway?.asleep == .seconds(120))
        entity.lastAway?.asleepMicroseconds = 121_000_000
        #expect(throws: EntityError.self, "slept more than it counted") { try entity.state(expecting: name) }
        entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.lastAway?.lengthMicroseconds = 121_000_000
        #expect(throws: EntityError.self, "counted more than it lasted") { try entity.state(expecting: name) }

        let run = try #require(state.record(endedAt: clock.now()))
        #expect(run.away(.suspend) == .seconds(30) && run.away(.lock) == .seconds(600))
        let change = HistoryChange(id: EventID(high: 3, low: 4), madeAt: run.endedAt, kind: .track, events: [.run(run)])
        let bytes = HistoryLine.lines(of: change, sequence: 1, zone: ManualTimeZone())
        #expect(String(decoding: bytes, as: UTF8.self).contains("\tkeep:750000000:600000000:120000000\n"))
        var names: [StopwatchName] = []
        let line = try #require(try HistoryLine.decode(bytes.dropLast()[...], names: &names))
        guard case .run(let readRun) = line.event else {
            Issue.record("not a run: \(line.event)")
            return
        }
        #expect(readRun.awayLocked == .seconds(600) && readRun.awayIdle == .seconds(120) && readRun.away == run.away)
        for field in ["keep:750000000:900000000:0", "keep:750000000:600000000:200000000", "keep:1:2"] {
            // Padded past its end, as a line read from a file is (integers are read eight bytes a step).
            let bytes = Array(field.utf8) + [UInt8](repeating: 0x0A, count: 16)
            var cursor = FieldCursor(line: bytes[0..<field.utf8.count], start: 0)
            var read = run
            #expect(throws: EntityError.self, "\(field)") { try RunFields.away(&cursor, into: &read) }
        }
    }

    @Test func whatWasDecidedOfARunThatAsksIsKeptInAJournalAHistoryLineAndTheSnapshot() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .ask
        let since = clock.now()
        clock.advance(by: .seconds(600))
        state = state.booking(.lock, since: since, at: clock.now())
        state = try #require(state.deciding(.drop, upTo: .seconds(400), at: clock.now()))
        let read = try readBack(state)
        #expect(read == state && read.awayDecided == .seconds(400) && read.awayDropped == .seconds(400))
        var entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.awayDroppedMicroseconds = 500_000_000
        #expect(throws: EntityError.self, "more dropped than decided") { try entity.state(expecting: name) }
        entity = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        entity.awayDecidedMicroseconds = 700_000_000
        #expect(throws: EntityError.self, "more decided than away") { try entity.state(expecting: name) }

        let run = try #require(state.record(endedAt: clock.now()))
        let change = HistoryChange(id: EventID(high: 3, low: 4), madeAt: run.endedAt, kind: .track, events: [.run(run)])
        let bytes = HistoryLine.lines(of: change, sequence: 1, zone: ManualTimeZone())
        #expect(String(decoding: bytes, as: UTF8.self).contains("\task:600000000:600000000:0:400000000:400000000\n"))
        var names: [StopwatchName] = []
        let line = try #require(try HistoryLine.decode(bytes.dropLast()[...], names: &names))
        guard case .run(let readRun) = line.event else {
            Issue.record("not a run: \(line.event)")
            return
        }
        #expect(readRun.awayDecided == .seconds(400) && readRun.awayDropped == .seconds(400) && readRun == run)
        for field in ["ask:600:600:0:700:0", "ask:600:600:0:400:500", "keep:600:600:0:400:0", "ask:600:600:0:1"] {
            let bytes = Array(field.utf8) + [UInt8](repeating: 0x0A, count: 16)
            var cursor = FieldCursor(line: bytes[0..<field.utf8.count], start: 0)
            var read = run
            #expect(throws: EntityError.self, "\(field)") { try RunFields.away(&cursor, into: &read) }
        }
    }
}
