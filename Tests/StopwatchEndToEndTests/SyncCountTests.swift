import Foundation
import Testing

/// The syncs each command that changes state makes, counted by `strace` on the binary: those of a
/// state file and those of a directory, as docs/state-format.md lists them ("Syncs per command").
/// Skipped, with a note, where strace is missing or may not trace; `.ci/run` installs it.
@Suite struct SyncCountTests {
    let stopwatch = StopwatchBinary()
    static let strace = "/usr/bin/strace"

    func syncs(_ arguments: String...) throws -> (files: Int, directories: Int) {
        try syncs(arguments)
    }

    /// Runs `stopwatch ARGUMENTS` under strace; returns its (file, directory) syncs.
    func syncs(_ arguments: [String]) throws -> (files: Int, directories: Int) {
        let trace = stopwatch.root + "/trace"
        let result = try stopwatch.run(
            ["-f", "-qq", "-y", "-e", "trace=fsync,fdatasync", "-o", trace, StopwatchBinary.path] + arguments,
            executable: Self.strace
        )
        #expect(result.status == 0, "\(arguments): \(result.error)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("sync(")
        }
        // strace -y shows each descriptor's path: a state file's ends in its suffix, a directory's not.
        let files = calls.filter { $0.contains(/<[^>]*\.(json|laps|tmp|jsonl|tsv)>/) }.count
        return (files, calls.count - files)
    }

    @Test func eachCommandSyncsWhatTheStateFormatSays() throws {
        guard StopwatchBinary.succeeds(Self.strace, ["-o", "/dev/null", "/bin/true"]) else {
            print("note: strace is missing or may not trace here; sync counts not checked (.ci/run installs it)")
            return
        }
        #expect(try syncs("start", "build") == (1, 2), "creating the directory: its parent, then itself")
        #expect(try syncs("start", "other") == (1, 1), "creating a stopwatch: its journal, then the directory")
        // The common changes: one line appended, one fdatasync, no directory sync.
        for command in [
            ["lap", "build"], ["lap", "build"], ["pause", "build"], ["resume", "build"], ["toggle", "build"],
            ["toggle", "build"],
        ] {
            #expect(try syncs(command) == (1, 0), "\(command)")
        }
        // Ending a run appends its record to history first: one more line, one more fdatasync.
        // Clearing the laps writes a new journal in place of the old.
        #expect(
            try syncs("reset", "build") == (3, 4),
            "the first run kept: history's directory made (its parent), the run's laps (history), its line (a new file: history), the new journal"
        )
        #expect(try syncs("start", "build") == (1, 0))
        #expect(try syncs("lap", "build") == (1, 0))
        #expect(try syncs("restart", "build") == (3, 2), "with laps to clear, and keep")
        #expect(try syncs("restart", "build") == (2, 0), "with none")
        #expect(try syncs("timer", "25m", "tea") == (1, 1))
        #expect(try syncs("timer", "tea", "--add", "5m") == (1, 0))
        #expect(try syncs("timer", "10m", "tea", "--force") == (2, 0), "no laps to clear")
        #expect(try syncs("delete", "other") == (1, 1))
        // Changes to history alone: one line appended, one fdatasync.
        #expect(try syncs("track", "2026-11-20 09:00", "2026-11-20 09:30", "meeting") == (1, 0))
        #expect(try syncs("edit", "meeting", "--tag", "billable") == (1, 0))
        #expect(try syncs("undo") == (1, 0))
        // The run in progress corrected: its change, then a line in its journal.
        #expect(try syncs("edit", "tea", "--tag", "billable") == (2, 0))
        #expect(try syncs("reset", "build") == (2, 0))
        #expect(try syncs("undo") == (2, 1), "the journal written anew, then the undo")
    }
}
