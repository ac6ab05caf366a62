import Foundation
import Testing

/// State files edited by hand or by something else: whatever a file holds, every command exits 0
/// or 65, never by a signal, and a file that is refused is left exactly as it was.
@Suite struct StateFileTests {
    let stopwatch = StopwatchBinary()

    /// Replaces the value of `key` (unique in a state file) with the JSON text `value`.
    func edit(_ name: String, _ key: String, to value: String) throws {
        let path = stopwatch.file(name + ".json")
        let text = String(decoding: try #require(stopwatch.contents(name + ".json")), as: UTF8.self)
        let pattern = try Regex(#""\#(key)" : ("(\\.|[^"\\])*"|[^,\n]*)"#)
        #expect(text.contains(pattern), "\(name).json has \(key)")
        try text.replacing(pattern, with: #""\#(key)" : \#(value)"#, maxReplacements: 1).write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Expects `arguments` to be refused with 65 and one line naming the file and `field`, the
    /// file untouched.
    func expectRefused(_ arguments: [String], _ name: String, naming field: String) throws {
        let before = stopwatch.contents(name + ".json")
        let result = try stopwatch.run(arguments)
        #expect(!result.signaled && result.status == 65, "\(arguments): \(result.status) \(result.error)")
        let line = result.error.split(separator: "\n").first { $0.contains(stopwatch.file(name + ".json")) }
        #expect(line?.hasPrefix("stopwatch: \(stopwatch.file(name + ".json")): is invalid: \(field) ") == true, "\(arguments): \(result.error)")
        #expect(stopwatch.contents(name + ".json") == before, "\(arguments) left the file as it was")
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

    static let values = ["0", "-1", "9007199254740992", "9007199254740993", "4611686018427387904",
                         "9223372036854775807", "-9223372036854775808", "1.5", #""12""#]
    static let stopwatchFields = ["schemaVersion", "accumulatedMicroseconds", "wallMicroseconds", "bootMicroseconds",
                                  "count", "bytes", "number", "lapMicroseconds", "totalMicroseconds"]
    static let cases = stopwatchFields.map { ("stopwatch", $0) } + (stopwatchFields + ["countdownMicroseconds"]).map { ("countdown", $0) }

    /// Every numeric field of both schema versions, with each value that can break arithmetic, under
    /// every command that reads or changes a stopwatch: 0 or 65, never a signal, and a refused file
    /// kept as it was.
    @Test(arguments: cases)
    func everyNumericFieldWithEveryAwkwardValue(_ kind: String, _ field: String) throws {
        if kind == "stopwatch" {
            try stopwatch.run("start", "item")
        } else {
            try stopwatch.run("timer", "1ms", "item")  // expired, so a `wait` that is not refused returns at once
        }
        try stopwatch.run("lap", "item", "--label", "a lap")
        let (state, laps) = (try #require(stopwatch.contents("item.json")), try #require(stopwatch.contents("item.laps")))
        var commands = [["status", "item"], ["status", "item", "--json"], ["list"], ["lap", "item"], ["pause", "item"],
                        ["reset", "item"], ["laps", "item"], ["laps", "item", "--json"], ["delete", "item"]]
        if kind == "countdown" { commands.append(["wait", "item"]) }
        for value in Self.values {
            for arguments in commands {
                try state.write(to: URL(fileURLWithPath: stopwatch.file("item.json")))
                try laps.write(to: URL(fileURLWithPath: stopwatch.file("item.laps")))
                try edit("item", field, to: value)
                let edited = stopwatch.contents("item.json")
                let result = try stopwatch.run(arguments)
                let context = "\(kind) \(field)=\(value) \(arguments): \(result.status) \(result.error)"
                #expect(!result.signaled, "\(context)")
                #expect(result.status == 0 || result.status == 65, "\(context)")
                if result.status == 65 {
                    #expect(result.error.hasPrefix("stopwatch: \(stopwatch.file("item."))"), "\(context)")
                    #expect(result.error.filter { $0 == "\n" }.count == 1, "\(context)")
                    #expect(stopwatch.contents("item.json") == edited, "\(context): the file was changed")
                }
            }
        }
    }

    @Test(arguments: ["directory", "fifo"])
    func aLapFileThatIsNotARegularFileIsSixtyFiveForEveryCommandAndNothingChanges(_ kind: String) throws {
        try stopwatch.run("start", "l")
        try stopwatch.run("lap", "l")
        let lapFile = stopwatch.file("l.laps")
        try FileManager.default.removeItem(atPath: lapFile)
        if kind == "directory" {
            try FileManager.default.createDirectory(atPath: lapFile, withIntermediateDirectories: false)
        } else {
            #expect(mkfifo(lapFile, 0o600) == 0)
        }
        let before = stopwatch.contents("l.json")
        for arguments in [["reset", "l"], ["delete", "l"], ["lap", "l"], ["laps", "l"], ["status", "l"], ["pause", "l"], ["list"]] {
            let result = try stopwatch.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.error)")
            #expect(result.error == "stopwatch: \(lapFile): is not a regular file; remove it by hand\n", "\(arguments)")
            #expect(stopwatch.contents("l.json") == before, "\(arguments) changed nothing")
        }
        #expect(stopwatch.stateFiles() == ["l.json", "l.laps"])
    }

    @Test func labelsReadBackFromFilesKeepTheCommandLineRules() throws {
        try stopwatch.run("start", "t")
        try stopwatch.run("lap", "t", "--label", "plain")
        try edit("t", "label", to: #""bell\u0007""#)
        let result = try stopwatch.run("status", "t")
        #expect(result.status == 65)
        #expect(result.error == "stopwatch: \(stopwatch.file("t.json")): is invalid: lap 1: laps.latest.label contains a control character such as a newline, tab or escape; 'stopwatch delete --force t' deletes it\n")

        try stopwatch.run("start", "u")
        try stopwatch.run("lap", "u", "--label", "abcdef")
        let lapFile = stopwatch.file("u.laps")
        let line = String(decoding: try #require(stopwatch.contents("u.laps")), as: UTF8.self)
        // The same length, so the state file's committed byte count still matches.
        try line.replacingOccurrences(of: "abcdef", with: #"\u001b"#).write(toFile: lapFile, atomically: false, encoding: .utf8)
        let laps = try stopwatch.run("laps", "u")
        #expect(laps.status == 65)
        #expect(laps.error == "stopwatch: \(lapFile): line 1 is invalid: lap 1: label contains a control character such as a newline, tab or escape; 'stopwatch delete --force u' deletes it\n")
    }
}
