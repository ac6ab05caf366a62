import Foundation
import Testing

/// Where `timew` is, if it is installed.
private let timewarrior: String? = ["/usr/bin/timew", "/usr/local/bin/timew"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Timewarrior in and out, against the real `timew` (Debian's timewarrior, which `.ci/run`
/// installs): intervals made with `timew track`, exported, imported; the report's total is
/// `timew summary`'s to the second, our export is `timew export`'s (ids aside), importing twice
/// adds nothing, and a malformed file is refused with where, importing nothing.
@Suite(.enabled(if: timewarrior != nil, "needs timew (Debian's timewarrior)"))
struct TimewarriorTests {
    let stopwatch = StopwatchBinary()
    var utc: [String: String] { stopwatch.environment.merging(["TZ": "UTC"]) { $1 } }

    /// Runs `timew` with its data in a directory of this test's, answering yes to any question.
    func timew(_ arguments: String..., database: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: timewarrior!)
        process.arguments = arguments + [":yes"]
        process.environment = ["TIMEWARRIORDB": database, "HOME": database, "TZ": "UTC"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `text`'s JSON array with each object's `id` left out, each object as sorted JSON text.
    func withoutIDs(_ text: String) throws -> [String] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return try array.map { object in
            String(
                decoding: try JSONSerialization.data(
                    withJSONObject: object.filter { $0.key != "id" }, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    @Test func intervalsTrackedInTimewarriorComeInAndGoOutAsTheyWere() throws {
        let database = stopwatch.root + "/timew"
        try FileManager.default.createDirectory(atPath: database + "/data", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: database + "/timewarrior.cfg", contents: Data()))
        _ = try timew("track", "2026-11-24T08:00:00", "-", "2026-11-24T08:20:17", database: database)
        _ = try timew(
            "track", "2026-11-25T09:00:00", "-", "2026-11-25T10:30:00", "meeting", "client-a", database: database)
        _ = try timew("track", "2026-11-25T23:00:00", "-", "2026-11-26T01:00:00", "deep", database: database)
        _ = try timew(
            "track", "2026-11-26T07:15:00", "-", "2026-11-26T07:59:59", "review", "client-b", database: database)
        let exported = try timew("export", database: database)
        let file = stopwatch.root + "/export.json"
        try exported.write(toFile: file, atomically: true, encoding: .utf8)

        let imported = try stopwatch.run(["import", file], environment: utc)
        #expect(
            imported.status == 0 && imported.error == "stopwatch: imported 4 runs\n", "\(imported.error) \(exported)")
        let summary = try timew("summary", "2026-11-20", "-", "2026-11-30", database: database)
        let theirs = try #require(summary.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) })
        let report = try stopwatch.run(["report", "--csv"], environment: utc).output.split(separator: "\n")
        let total = try #require(
            try stopwatch.json(stopwatch.run(["report", "--json"], environment: utc).output)["total"] as? [String: Any])
        let seconds = (total["elapsedMilliseconds"] as? Int ?? 0) / 1000
        #expect(
            String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60) == theirs,
            "\(report) against \(summary)")

        let ours = try stopwatch.run(["history", "--format", "timew"], environment: utc).output
        #expect(try withoutIDs(ours) == withoutIDs(exported), "\(ours)\nagainst\n\(exported)")

        let again = try stopwatch.run(["import", file], environment: utc)
        #expect(
            again.status == 0 && again.error == "stopwatch: imported 0 runs; passed over 4 runs already in history\n",
            "\(again.error)")
        #expect(try stopwatch.run("history", "--json").output == stopwatch.run("history", "--json").output)
    }

    /// Debian's Timewarrior (1.4) has no `import`: `history --format timew-track | sh` moves
    /// history in with `timew track`, and `timew export | stopwatch import` brings it back, each
    /// run with its name and tags (Timewarrior keeps tags in no order: the name is the tag that
    /// names a stopwatch or run there is).
    @Test func historyGoesIntoDebiansTimewarriorAndComesBackWithItsNamesAndTags() throws {
        let database = stopwatch.root + "/timew-track"
        try FileManager.default.createDirectory(atPath: database + "/data", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: database + "/timewarrior.cfg", contents: Data()))
        _ = try stopwatch.run(
            ["track", "2026-11-24T08:00:00Z", "2026-11-24T09:30:00Z", "work", "--tag", "client-a,billable"],
            environment: utc)
        _ = try stopwatch.run(
            ["track", "2026-11-25T10:00:00Z", "2026-11-25T10:20:00Z", "meeting", "--tag", "ops"], environment: utc)
        let commands = try stopwatch.run(["history", "--format", "timew-track"], environment: utc)
        #expect(
            commands.output == """
                timew track 2026-11-24T08:00:00Z - 2026-11-24T09:30:00Z work billable client-a :yes
                timew track 2026-11-25T10:00:00Z - 2026-11-25T10:20:00Z meeting ops :yes

                """)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", commands.output]
        shell.environment = [
            "TIMEWARRIORDB": database, "HOME": database, "TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin",
        ]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let exported = try timew("export", database: database)
        let file = stopwatch.root + "/from-timew.json"
        try exported.write(toFile: file, atomically: true, encoding: .utf8)
        // The runs taken out here, their names still there (stopwatches of them): they come back.
        for id in try stopwatch.json(stopwatch.run("history", "--json").output)["runs"] as? [[String: Any]] ?? [] {
            _ = try stopwatch.run("remove", id["id"] as? String ?? "")
        }
        _ = try stopwatch.run("start", "work")
        _ = try stopwatch.run("start", "meeting")
        let imported = try stopwatch.run(["import", file], environment: utc)
        #expect(
            imported.status == 0 && imported.error == "stopwatch: imported 2 runs\n", "\(imported.error) \(exported)")
        let runs =
            (try stopwatch.json(stopwatch.run(["history", "--json"], environment: utc).output)["runs"]
            as? [[String: Any]] ?? [])
            .filter { ($0["status"] as? String) == "ended" }
            .map {
                "\($0["name"] as? String ?? "") \(($0["tags"] as? [String] ?? []).joined(separator: ",")) \($0["start"] as? String ?? "") \($0["elapsed"] as? String ?? "")"
            }
        #expect(
            runs.sorted() == [
                "meeting ops 2026-11-25T10:00:00.000000+00:00 20:00.00",
                "work billable,client-a 2026-11-24T08:00:00.000000+00:00 1:30:00.00",
            ], "\(runs)")
    }

    @Test func aMalformedFileIsRefusedWithWhereAndImportsNothing() throws {
        let file = stopwatch.root + "/bad.json"
        try #"[{"start":"20261124T080000Z","end":"20261124T090000Z"},{"start":"2026-11-24","end":"20261124T100000Z"}]"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try stopwatch.run("import", file)
        #expect(
            refused.status == 65
                && refused.error
                    == "stopwatch: \(file): element 2: its start is missing, of the wrong type or out of range; nothing was imported\n"
        )
        try #"[{"start":"20261124T080000Z""#.write(toFile: file, atomically: true, encoding: .utf8)
        let notJSON = try stopwatch.run("import", file)
        #expect(
            notJSON.status == 65
                && notJSON.error == "stopwatch: \(file): not JSON (at byte 28); nothing was imported\n",
            "\(notJSON.error)")
        #expect(stopwatch.historyFile == nil, "nothing imported")
    }
}
