import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// A journal line's lap object found without reading the state beside it (`laps`' fast path).
@Suite struct JournalLineTests {
    @Test(arguments: ["plain", "brace } and { in it", #"quote " and backslash \ and \" both"#, "tab\there"])
    func theLapObjectIsFoundWholeWhateverItsLabelHolds(_ label: String) throws {
        let lap = LapEntity(
            number: 3, lapMicroseconds: 10, totalMicroseconds: 30, label: label,
            recordedAt: "2026-11-25T09:00:00.000000Z")
        let state = StopwatchFileEntity(
            StopwatchState(name: StopwatchName("b")!, status: .paused, accumulated: .microseconds(30), lapCount: 0),
            updatedAt: .zero
        )
        let bytes = JournalLine(state: state, lap: lap).bytes.dropLast()
        #expect(JournalLine.isWhole(bytes))
        let object = try #require(JournalLine.lapObject(in: bytes))
        #expect(try LapEntity(json: JSONReader.read(Array(object))) == lap)
    }

    /// A field at fault is named from the line's top, however deep it lies; its path is made as
    /// the error unwinds.
    @Test func aBadFieldIsNamedByItsWholePath() throws {
        let state = StopwatchFileEntity(
            StopwatchState(name: StopwatchName("b")!, status: .paused, accumulated: .microseconds(30)), updatedAt: .zero
        )
        var text = String(decoding: JournalLine(state: state, lap: nil).bytes.dropLast(), as: UTF8.self)
        let good = #""laps":{"count":0}"#
        #expect(text.contains(good))
        func complaint(_ replacement: String) -> JSONFieldError? {
            do {
                _ = try JournalLine(json: JSONReader.read(Array(text.replacing(good, with: replacement).utf8)))
                return nil
            } catch let error as JSONFieldError { return error } catch { return nil }
        }
        #expect(complaint(#""laps":7"#) == .badValue("state.laps"))
        #expect(complaint(#""laps":{"count":"x"}"#) == .badValue("state.laps.count"))
        #expect(complaint(#""laps":{}"#) == .missingField("state.laps.count"))
        let sequence = #""sequence":{"longEvery":4,"phases":[{"label":"work","microseconds":1},{"label":"rest"}]}"#
        #expect(complaint(good + "," + sequence) == .missingField("state.sequence.phases[1].microseconds"))
        #expect(complaint(good + #","sequence":{"longEvery":4,"phases":[3]}"#) == .badValue("state.sequence.phases[0]"))
        #expect(
            complaint(good + #","earlierPhaseAnchors":[{"atMicroseconds":1,"index":0},{"index":1}]"#)
                == .missingField("state.earlierPhaseAnchors[1].atMicroseconds"))
        text = "[]"
        #expect(complaint(good) == .notAnObject)
    }

    @Test func aLineWithoutALapFirstIsNotTaken() {
        let state = StopwatchFileEntity(StopwatchState(name: StopwatchName("b")!), updatedAt: .zero)
        #expect(JournalLine.lapObject(in: JournalLine(state: state, lap: nil).bytes.dropLast()) == nil)
    }
}

/// The lap object read without the general JSON reader, when it is as the store writes it.
@Suite struct CompactLapTests {
    @Test(arguments: [nil, "plain", "brace } and {", "naïve ünïcödé ⏱", #"quote " here"#, "back\\slash", "tab\there"])
    func theCompactReadingIsTheGeneralOnesOrNone(_ label: String?) throws {
        let lap = LapEntity(
            number: 12, lapMicroseconds: 1_500_000, totalMicroseconds: 9_000_001, label: label,
            recordedAt: "2026-11-25T09:00:00.000001Z")
        let object = Array(JSONWriter.compact(lap.json).utf8)[...]
        #expect(try LapEntity(json: JSONReader.read(Array(object))) == lap)
        if let compact = LapEntity(compact: object) {
            #expect(compact == lap)
        } else {
            #expect(
                label.map { $0.contains("\"") || $0.contains("\\") || $0.contains("\t") } == true,
                "only an escaped label is left to the general reader")
        }
    }

    @Test func anythingElseIsLeftToTheGeneralReader() {
        for text in [
            #"{"number":1}"#, #"{"lapMicroseconds":1.5,"number":1,"recordedAt":"x","totalMicroseconds":2}"#,
            #"{ "lapMicroseconds":1,"number":1,"recordedAt":"x","totalMicroseconds":2}"#,
        ] {
            #expect(LapEntity(compact: Array(text.utf8)[...]) == nil, "\(text)")
        }
    }
}
