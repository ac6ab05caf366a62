import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// Every kind of plan stored and read back the same, in a journal line and in history, from the
/// one place Data writes a plan (`PlanEntity`).
@Suite struct PlanEntityTests {
    static let plans: [Plan] = [
        .open,
        .countdown(.seconds(90)),
        .sequence(
            PhaseSequence(
                phases: [Phase("work", .seconds(1500)), Phase("rest", .seconds(300))], rounds: 4,
                long: Phase("long", .seconds(900)), longEvery: 2)),
    ]

    @Test(arguments: plans) func aPlanComesBackFromAJournalLine(_ plan: Plan) throws {
        var members: [JSONValue.Member] = [.init("name", .string("b"))]
        PlanEntity(plan).appendJournalMembers(to: &members)
        let text = JSONWriter.compact(.object(members))
        let read = try PlanEntity(journal: JSONFields(JSONReader.read(Array(text.utf8))))
        #expect(try read.plan(inJournal: true) == plan)
    }

    @Test(arguments: plans) func aPlanComesBackFromHistory(_ plan: Plan) throws {
        let (kind, detail) = PlanEntity.historyFields(plan)
        let read = try PlanEntity.plan(
            historyKind: Array(kind.utf8)[...], kindText: kind, detail: Array(detail.utf8)[...])
        #expect(read == plan)
    }

    @Test func aCycleIsOnlyInAJournalAndNeverBesideACountdown() throws {
        let cycle = PlanEntity(Self.plans[2])
        #expect(throws: EntityError.sequenceOutsideJournal) { try cycle.plan(inJournal: false) }
        var both = cycle
        both.countdownMicroseconds = 1_000_000
        #expect(throws: EntityError.sequenceOutsideJournal) { try both.plan(inJournal: true) }
        #expect(try PlanEntity().plan(inJournal: false) == .open, "neither field: a stopwatch")
    }

    @Test func anUnknownKindInHistoryIsNamedWithItsDetail() {
        #expect(throws: EntityError.badHistoryField(field: "plan", value: "interval 5")) {
            try PlanEntity.plan(
                historyKind: Array("interval".utf8)[...], kindText: "interval", detail: Array("5".utf8)[...])
        }
    }
}
