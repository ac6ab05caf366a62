import Foundation
import Testing

/// A state directory kept in a git repository, cloned on two machines (two homes, two machine
/// names): commands on both, commits, then `git pull` each way. No pull meets a conflict, and
/// both read the same history, every run once, the corrections each made applied on both.
@Suite(.serialized) struct GitSyncTests {
    let one = StopwatchBinary()
    let other = StopwatchBinary()

    /// `git ARGUMENTS` in `directory`, with no user's or system's configuration.
    @discardableResult
    func git(_ arguments: [String], in directory: String, home: String) throws -> StopwatchBinary.Result {
        let environment = [
            "HOME": home, "PATH": "/usr/bin:/bin", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]
        return try one.run(["-C", directory] + arguments, environment: environment, executable: "/usr/bin/git")
    }

    func stopwatch(_ binary: StopwatchBinary, machine: String, _ arguments: String...) throws -> StopwatchBinary.Result
    {
        var environment = binary.environment
        environment["STOPWATCH_MACHINE"] = machine
        return try binary.run(arguments, environment: environment)
    }

    func commit(_ binary: StopwatchBinary, _ message: String) throws {
        #expect(try git(["add", "-A"], in: binary.home, home: binary.root).status == 0)
        let committed = try git(["commit", "-q", "-m", message], in: binary.home, home: binary.root)
        #expect(committed.status == 0, "\(committed.output)\(committed.error)")
    }

    func ids(_ binary: StopwatchBinary, machine: String) throws -> [String] {
        let listed = try stopwatch(binary, machine: machine, "history", "--json")
        return (try binary.json(listed.output)["runs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func twoClonesPullEachOthersRunsWithoutAConflict() throws {
        try FileManager.default.createDirectory(
            atPath: one.home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(try git(["-c", "init.defaultBranch=main", "init", "-q"], in: one.home, home: one.root).status == 0)
        try "history/snapshot-*\nwaiters/\n.*.tmp\n".write(
            toFile: one.home + "/.gitignore", atomically: true, encoding: .utf8)
        for hour in 8..<11 {
            #expect(
                try stopwatch(
                    one, machine: "laptop", "track", "2026-11-20 \(hour):00", "2026-11-20 \(hour):45", "build"
                ).status == 0)
        }
        try commit(one, "laptop's first runs")
        #expect(try git(["clone", "-q", one.home, other.home], in: one.root, home: one.root).status == 0)

        // Both work apart: runs on each (one of one name, `focus`, on both), and each corrects a
        // run the laptop made.
        let first = try ids(one, machine: "laptop")
        #expect(
            try stopwatch(one, machine: "laptop", "track", "2026-11-21 09:00", "2026-11-21 10:00", "review").status == 0
        )
        #expect(
            try stopwatch(one, machine: "laptop", "edit", String(first[0].prefix(8)), "--tag", "laptop").status == 0)
        #expect(try stopwatch(one, machine: "laptop", "start", "focus").status == 0)
        #expect(try stopwatch(one, machine: "laptop", "reset", "focus").status == 0)
        try commit(one, "laptop")
        #expect(
            try stopwatch(other, machine: "desktop", "track", "2026-11-22 09:00", "2026-11-22 09:30", "build").status
                == 0)
        #expect(try stopwatch(other, machine: "desktop", "remove", String(first[1].prefix(8))).status == 0)
        #expect(try stopwatch(other, machine: "desktop", "start", "focus").status == 0)
        #expect(try stopwatch(other, machine: "desktop", "reset", "focus").status == 0)
        try commit(other, "desktop")

        let pulled = try git(
            ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: other.home, home: other.root)
        #expect(pulled.status == 0, "\(pulled.output)\(pulled.error)")
        #expect(try git(["remote", "add", "desktop", other.home], in: one.home, home: one.root).status == 0)
        let back = try git(["pull", "-q", "--no-rebase", "--no-edit", "desktop", "main"], in: one.home, home: one.root)
        #expect(back.status == 0, "\(back.output)\(back.error)")

        for command in [["history", "--json"], ["report", "--json"], ["history", "--csv"]] {
            var environment = one.environment
            environment["STOPWATCH_MACHINE"] = "laptop"
            let mine = try one.run(command, environment: environment)
            environment = other.environment
            environment["STOPWATCH_MACHINE"] = "desktop"
            let theirs = try other.run(command, environment: environment)
            #expect(mine.status == 0 && mine.error.isEmpty, "\(mine.error)")
            #expect(mine.output == theirs.output, "\(command): the same on both")
        }
        let all = try ids(one, machine: "laptop")
        #expect(all.count == 6 && Set(all).count == 6, "3 + 2 from the laptop, 2 from the desktop, one removed")
        #expect(
            try stopwatch(one, machine: "laptop", "list", "--names").output == "focus\n",
            "one name, a journal on each machine")
        #expect(!all.contains(first[1]), "the desktop's removal holds on the laptop")
        let csv = try stopwatch(one, machine: "laptop", "history", "--csv").output
        #expect(
            csv.split(separator: "\n").contains { $0.hasPrefix(first[0]) && $0.contains("laptop") },
            "the laptop's correction holds on both")
        let files = try FileManager.default.contentsOfDirectory(atPath: one.home + "/history").filter {
            $0.hasPrefix("events-")
        }
        #expect(files.count == 2, "one file a machine: \(files)")
    }

    /// Two clones on machines given one id (a cloned machine that kept its `/etc/machine-id`)
    /// append to one file: the `.gitattributes` line the README gives, `merge=union`, lets `git
    /// pull` keep both sides' lines, and both read every run once.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func twoClonesOfOneMachineIDMergeByUnion() throws {
        try FileManager.default.createDirectory(
            atPath: one.home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(try git(["-c", "init.defaultBranch=main", "init", "-q"], in: one.home, home: one.root).status == 0)
        try "history/snapshot-*\nwaiters/\n.*.tmp\n".write(
            toFile: one.home + "/.gitignore", atomically: true, encoding: .utf8)
        try "history/events*.tsv merge=union\n".write(
            toFile: one.home + "/.gitattributes", atomically: true, encoding: .utf8)
        #expect(
            try stopwatch(one, machine: "clone", "track", "2026-11-20 08:00", "2026-11-20 08:45", "build").status == 0)
        try commit(one, "first run")
        #expect(try git(["clone", "-q", one.home, other.home], in: one.root, home: one.root).status == 0)
        for hour in 9..<12 {
            #expect(
                try stopwatch(one, machine: "clone", "track", "2026-11-21 \(hour):00", "2026-11-21 \(hour):45", "build")
                    .status == 0)
            #expect(
                try stopwatch(
                    other, machine: "clone", "track", "2026-11-22 \(hour):00", "2026-11-22 \(hour):30", "review"
                ).status == 0)
        }
        try commit(one, "one")
        try commit(other, "other")
        let pulled = try git(
            ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: other.home, home: other.root)
        #expect(pulled.status == 0, "\(pulled.output)\(pulled.error)")
        #expect(try git(["remote", "add", "other", other.home], in: one.home, home: one.root).status == 0)
        let back = try git(["pull", "-q", "--no-rebase", "--no-edit", "other", "main"], in: one.home, home: one.root)
        #expect(back.status == 0, "\(back.output)\(back.error)")
        for command in [["history", "--json"], ["report", "--json"]] {
            let mine = try stopwatch(one, machine: "clone", command[0], command[1])
            let theirs = try stopwatch(other, machine: "clone", command[0], command[1])
            #expect(mine.status == 0 && mine.error.isEmpty, "\(mine.error)")
            #expect(mine.output == theirs.output, "\(command): the same on both")
        }
        let all = try ids(other, machine: "clone")
        #expect(all.count == 7 && Set(all).count == 7, "1 + 3 + 3, each once: \(all.count)")
    }
}
