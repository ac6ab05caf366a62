import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// Other tools' files as `import` reads them: Timewarrior's intervals, Watson's frames, and how a
/// tag or name that breaks our rules is made one.
@Suite struct ImportFormatTests {
    let ids = SequentialIDSource()

    func runs(_ text: String, format: ImportFormat? = nil, name: StopwatchName? = nil) throws -> (
        runs: [RunRecord], open: Int
    ) {
        try ImportFormat.runs(in: Array(text.utf8), format: format, name: name, ids: ids)
    }

    @Test func aTimewarriorIntervalIsARunNamedAfterItsFirstTagThatIsAName() throws {
        let read = try runs(
            ##"[{"id":3,"start":"20261124T080000Z","end":"20261124T082000Z"},{"id":2,"start":"20261125T090000Z","end":"20261125T103000Z","tags":["#1 client","meeting"],"annotation":"x"},{"id":1,"start":"20261126T090000Z"}]"##
        )
        #expect(read.open == 1, "an interval still open is passed over")
        #expect(read.runs.map(\.name.rawValue) == ["untagged", "meeting"])
        #expect(
            read.runs[1].tags == ["1-client"], "a tag with other characters made one; the name is no tag of its own")
        #expect(
            read.runs[1].startedAt == .seconds(1_795_597_200) && read.runs[1].elapsed == .seconds(5400)
                && !read.runs[1].isEstimated)
        #expect(
            try runs(
                #"[{"start":"20261124T080000Z","end":"20261124T082000Z","tags":["a"]}]"#, name: StopwatchName("x")!
            ).runs[0].name.rawValue == "x")
    }

    @Test func aWatsonFrameIsARunOfItsProjectWithItsId() throws {
        let read = try runs(
            #"[[1795680000, 1795683600, "My Project", "0123456789abcdef0123456789abcdef", ["review", "urgent"], 1795683601]]"#
        )
        #expect(
            read.runs.count == 1 && read.runs[0].name.rawValue == "My-Project"
                && read.runs[0].tags == ["review", "urgent"])
        #expect(
            read.runs[0].id == EventID("0123456789abcdef0123456789abcdef")!,
            "its own id: importing it again adds nothing")
        #expect(read.runs[0].elapsed == .seconds(3600))
    }

    @Test func aFileThatIsNotWholeIsRefusedWithWhere() {
        #expect(throws: ImportFailure(element: nil, reason: .notJSON(offset: 1))) { try runs("[x") }
        #expect(throws: ImportFailure(element: nil, reason: .notAnArray)) { try runs("{}") }
        #expect(throws: ImportFailure(element: 2, reason: .badField("end"))) {
            try runs(
                #"[{"start":"20261124T080000Z","end":"20261124T082000Z"},{"start":"20261124T080000Z","end":"20261124T070000Z"}]"#
            )
        }
        #expect(throws: ImportFailure(element: 1, reason: .badField("start"))) {
            try runs(#"[[-1e3, 5, "p", "x", []]]"#)
        }
    }
}
