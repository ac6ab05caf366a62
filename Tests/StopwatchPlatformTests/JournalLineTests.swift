import StopwatchCore
@testable import StopwatchPlatform
import Testing

/// A journal line's lap object found without reading the state beside it (`laps`' fast path).
@Suite struct JournalLineTests {
    @Test(arguments: ["plain", "brace } and { in it", #"quote " and backslash \ and \" both"#, "tab\there"])
    func theLapObjectIsFoundWholeWhateverItsLabelHolds(_ label: String) throws {
        let lap = LapEntity(number: 3, lapMicroseconds: 10, totalMicroseconds: 30, label: label, recordedAt: "2026-11-25T09:00:00.000000Z")
        let state = StopwatchFileEntity(
            StopwatchState(name: StopwatchName("b")!, status: .paused, accumulated: .microseconds(30), lapCount: 0), updatedAt: .zero
        )
        let bytes = JournalLine(state: state, lap: lap).bytes.dropLast()
        #expect(JournalLine.isWhole(bytes))
        let object = try #require(JournalLine.lapObject(in: bytes))
        #expect(try LapEntity(json: JSONReader.read(Array(object)), path: "") == lap)
    }

    @Test func aLineWithoutALapFirstIsNotTaken() {
        let state = StopwatchFileEntity(StopwatchState(name: StopwatchName("b")!), updatedAt: .zero)
        #expect(JournalLine.lapObject(in: JournalLine(state: state, lap: nil).bytes.dropLast()) == nil)
    }
}
