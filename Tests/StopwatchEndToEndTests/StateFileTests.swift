import Foundation
import Testing

/// Journals edited by hand or by something else, their checks written anew so their lines read as
/// whole: whatever a line holds, every command exits 0 or 65, never by a signal, and a journal that
/// is refused is left exactly as it was.
@Suite struct StateFileTests {
    let stopwatch = StopwatchBinary()

    /// Replaces the value of `key` in the state of the last line of `name`'s journal.
    func edit(_ name: String, _ key: String, to value: String) throws {
        try stopwatch.editJournal(name, key, to: value)
    }

    /// Expects `arguments` to be refused with 65 and one line naming the file and `field`, the
    /// file untouched.
    func expectRefused(_ arguments: [String], _ name: String, naming field: String) throws {
        let before = stopwatch.contents(stopwatch.journal(name))
        let result = try stopwatch.run(arguments)
        #expect(!result.signaled && result.status == 65, "\(arguments): \(result.status) \(result.error)")
        let line = result.error.split(separator: "\n").first { $0.contains(stopwatch.file(stopwatch.journal(name))) }
        #expect(
            line?.hasPrefix("stopwatch: \(stopwatch.file(stopwatch.journal(name))): is invalid: \(field) ") == true,
            "\(arguments): \(result.error)")
        #expect(stopwatch.contents(stopwatch.journal(name)) == before, "\(arguments) left the file as it was")
    }

    @Test func aRunningStopwatchWithAHugeAccumulatedTime() throws {
        try stopwatch.run("start", "a")
        try stopwatch.run("start", "good")
        try edit("a", "accumulatedMicroseconds", to: "9223372036854774807")
        for arguments in [["status", "a"], ["lap", "a"], ["pause", "a"], ["status", "a", "--json"]] {
            try expectRefused(arguments, "a", naming: "accumulatedMicroseconds")
        }
        try expectRefused(["list"], "a", naming: "accumulatedMicroseconds")
        #expect(try stopwatch.run("list").output.contains("\ngood "), "one bad file never hides the others")
    }

    @Test func aBootReadingOfTheSmallestInteger() throws {
        try stopwatch.run("start", "a")
        try edit("a", "bootMicroseconds", to: "-9223372036854775808")
        for arguments in [["status", "a"], ["lap", "a"], ["pause", "a"]] {
            try expectRefused(arguments, "a", naming: "runningSince.bootMicroseconds")
        }
    }

    @Test func anotherBootSessionWithTheSmallestWallReading() throws {
        try stopwatch.run("start", "a")
        try edit("a", "bootSession", to: #""another-boot""#)
        try edit("a", "wallMicroseconds", to: "-9223372036854775808")
        for arguments in [["status", "a"], ["lap", "a"], ["pause", "a"]] {
            try expectRefused(arguments, "a", naming: "runningSince.wallMicroseconds")
        }
    }

    @Test func aCountdownOfTheLargestInteger() throws {
        try stopwatch.run("timer", "1h", "c")
        try edit("c", "countdownMicroseconds", to: "9223372036854775807")
        for arguments in [["status", "c"], ["status", "c", "--json"], ["list"], ["wait", "c"]] {
            try expectRefused(arguments, "c", naming: "countdownMicroseconds")
        }
    }

    @Test func aPausedStopwatchOfTheLargestIntegerIsNeitherShownNorResumed() throws {
        try stopwatch.run("start", "p")
        try stopwatch.run("pause", "p")
        try edit("p", "accumulatedMicroseconds", to: "9223372036854775807")
        try expectRefused(["status", "p"], "p", naming: "accumulatedMicroseconds")
        try expectRefused(["resume", "p"], "p", naming: "accumulatedMicroseconds")
        try expectRefused(["status", "p"], "p", naming: "accumulatedMicroseconds")
    }

    static let values = [
        "0", "-1", "9007199254740992", "9007199254740993", "4611686018427387904",
        "9223372036854775807", "-9223372036854775808", "1.5", #""12""#,
    ]
    static let stopwatchFields = [
        "schemaVersion", "accumulatedMicroseconds", "wallMicroseconds", "bootMicroseconds",
        "count", "number", "lapMicroseconds", "totalMicroseconds",
    ]
    static let cases =
        stopwatchFields.map { ("stopwatch", $0) }
        + (stopwatchFields + ["countdownMicroseconds"]).map { ("countdown", $0) }

    /// Every numeric field of a stopwatch's and a countdown's state, with each value that can break
    /// arithmetic, under every command that reads or changes a stopwatch: 0 or 65 (or 1, the
    /// expired countdown's `pause`), never a signal, and a refused journal kept as it was.
    @Test(arguments: cases)
    func everyNumericFieldWithEveryAwkwardValue(_ kind: String, _ field: String) throws {
        if kind == "stopwatch" {
            try stopwatch.run("start", "item")
        } else {
            try stopwatch.run("timer", "1ms", "item")  // expired, so a `wait` that is not refused returns at once
        }
        try stopwatch.run("lap", "item", "--label", "a lap")
        let journal = try #require(stopwatch.contents(stopwatch.journal("item")))
        var commands = [
            ["status", "item"], ["status", "item", "--json"], ["list"], ["lap", "item"], ["pause", "item"],
            ["reset", "item"], ["laps", "item"], ["laps", "item", "--json"], ["delete", "item"],
        ]
        if kind == "countdown" { commands.append(["wait", "item"]) }
        for value in Self.values {
            for arguments in commands {
                try journal.write(to: URL(fileURLWithPath: stopwatch.file(stopwatch.journal("item"))))
                try edit("item", field, to: value)
                let edited = stopwatch.contents(stopwatch.journal("item"))
                let result = try stopwatch.run(arguments)
                let context = "\(kind) \(field)=\(value) \(arguments): \(result.status) \(result.error)"
                #expect(!result.signaled, "\(context)")
                // `pause` on the countdown, expired, is refused (1) when its state reads.
                let refused = kind == "countdown" && arguments == ["pause", "item"] && result.status == 1
                #expect(result.status == 0 || result.status == 65 || refused, "\(context)")
                if result.status == 65 {
                    #expect(
                        result.error.hasPrefix("stopwatch: \(stopwatch.file(stopwatch.journal("item"))): "),
                        "\(context)")
                    #expect(result.error.filter { $0 == "\n" }.count == 1, "\(context)")
                    #expect(stopwatch.contents(stopwatch.journal("item")) == edited, "\(context): the file was changed")
                }
            }
        }
    }

    @Test(arguments: ["directory", "fifo"])
    func aJournalThatIsNotARegularFileIsSixtyFiveForEveryCommandAndNothingChanges(_ kind: String) throws {
        try stopwatch.run("start", "l")
        try stopwatch.run("lap", "l")
        let journal = stopwatch.file(stopwatch.journal("l"))
        try FileManager.default.removeItem(atPath: journal)
        if kind == "directory" {
            try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(journal, 0o600) == 0)
        }
        for arguments in [
            ["reset", "l"], ["delete", "l"], ["lap", "l"], ["laps", "l"], ["status", "l"], ["pause", "l"], ["list"],
        ] {
            let result = try stopwatch.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.error)")
            #expect(result.error == "stopwatch: \(journal): is not a regular file; remove it by hand\n", "\(arguments)")
        }
        #expect(stopwatch.stateFiles() == [stopwatch.journal("l")])
    }

    /// A last line changed by hand, its check not written anew: said, with the way out, and the
    /// file left as it is; never the line before it taken in its place (a paused stopwatch would
    /// run again). A line cut short by a crash (no JSON) is still passed over.
    @Test func aLastLineEditedByHandIsSaidNotPassedOver() throws {
        try stopwatch.run("start", "e")
        try stopwatch.run("pause", "e")
        let path = stopwatch.file(stopwatch.journal("e"))
        let text = String(decoding: try #require(stopwatch.contents(stopwatch.journal("e"))), as: UTF8.self)
        let edited = text.replacingOccurrences(of: #""status":"paused""#, with: #""status":"paused" "#)
        #expect(edited != text)
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try stopwatch.run("status", "e")
        #expect(result.status == 65, "\(result.output)")
        #expect(
            result.error.contains("has a last line whose check does not match it (edited by hand?)"), "\(result.error)")
        #expect(stopwatch.contents(stopwatch.journal("e")) == Data(edited.utf8), "left as it was")
        // Cut short instead: the state before it.
        try (text + #"{"check":"0000"#).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try stopwatch.run("status", "e").output.hasPrefix("e: paused "))
    }

    @Test func labelsReadBackFromFilesKeepTheCommandLineRules() throws {
        try stopwatch.run("start", "t")
        try stopwatch.run("lap", "t", "--label", "plain")
        try edit("t", "label", to: #""bell\u0007""#)
        let result = try stopwatch.run("status", "t")
        #expect(result.status == 65)
        #expect(
            result.error
                == "stopwatch: \(stopwatch.file(stopwatch.journal("t"))): is invalid: lap 1: laps.latest.label contains a control character such as a newline, tab or escape; 'stopwatch delete --force t' deletes it\n"
        )

        try stopwatch.run("start", "u")
        try stopwatch.run("lap", "u", "--label", "abcdef")
        // The lap of the second line, not the state's copy of it, which comes after it.
        let journal = stopwatch.file(stopwatch.journal("u"))
        var lines = String(decoding: try #require(stopwatch.contents(stopwatch.journal("u"))), as: UTF8.self).split(
            separator: "\n"
        ).map(String.init)
        lines[1] = StopwatchBinary.withCheck(lines[1].replacing("abcdef", with: #"\u001b"#, maxReplacements: 1))
        try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        #expect(try stopwatch.run("status", "u").status == 0, "the state is whole")
        let laps = try stopwatch.run("laps", "u")
        #expect(laps.status == 65)
        #expect(
            laps.error
                == "stopwatch: \(journal): line 2 is invalid: lap 1: label contains a control character such as a newline, tab or escape; 'stopwatch delete --force u' deletes it\n"
        )
    }
}
