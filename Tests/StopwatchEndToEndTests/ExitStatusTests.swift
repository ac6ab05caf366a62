import Foundation
import Testing

/// Every documented exit status, each with a one-line message on stderr and the state untouched.
@Suite struct ExitStatusTests {
    let stopwatch = StopwatchBinary()

    @Test func notApplicableIsOneAndSaysWhatToDo() throws {
        try stopwatch.run("start")
        try stopwatch.run("reset")
        var result = try stopwatch.run("pause")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "stopwatch: cannot pause 'default': it is reset; start it with 'stopwatch start'\n")
        result = try stopwatch.run("resume")
        #expect(result.status == 1)
        #expect(result.error == "stopwatch: cannot resume 'default': it is reset; start it with 'stopwatch start'\n")
        try stopwatch.run("start")
        result = try stopwatch.run("start")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("stopwatch: cannot start 'default': it is already running (00:0"))
        #expect(result.error.hasSuffix("); 'stopwatch restart' starts it over\n"))
        try stopwatch.run("start", "build")
        try stopwatch.run("pause", "build")
        result = try stopwatch.run("lap", "build")
        #expect(result.error.hasPrefix("stopwatch: cannot lap 'build': it is paused (00:0"))
        #expect(result.error.hasSuffix("); 'stopwatch resume build' goes on\n"))
        let before = stopwatch.contents(stopwatch.journal("default"))
        for command in ["start", "resume"] {
            let refused = try stopwatch.run(command)
            #expect(refused.status == 1)
            #expect(refused.error.hasPrefix("stopwatch: cannot \(command) 'default': "))
        }
        #expect(stopwatch.contents(stopwatch.journal("default")) == before)
    }

    @Test(arguments: [
        ["bogus"], ["start", "a/b"], ["lap", "--label"], ["status", "--format", "xml"], ["laps", "--json", "--csv"],
        ["delete"], ["list", "x"], ["start", ".hidden"], ["start", "--", "-x"], ["start", "a", "b"],
        ["timer", "5", "min"],
        ["timer", "1h", "30m"], ["timer", "5m", "--until", "17:30"], ["stauts"], ["stop"],
    ])
    func usageIsSixtyFour(_ arguments: [String]) throws {
        let result = try stopwatch.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("stopwatch: ") && result.error.filter { $0 == "\n" }.count == 1)
        #expect(stopwatch.stateFiles().isEmpty)
    }

    /// Input with a newline, a tab or an escape, through every place a message quotes it: the
    /// message is one line, with the control characters escaped and nothing sent to the terminal.
    @Test(
        arguments: [
            (["start", "two\nlines"], #"invalid stopwatch name 'two\nlines'"#),
            (["timer", "5\nx"], #"invalid duration '5\nx'"#),
            (["frob\nnicate"], #"unknown command 'frob\nnicate'"#),
            (["frob\u{1B}[31mnicate"], #"unknown command 'frob\u{1B}[31mnicate'"#),
            (["start", "--col\u{1B}]0;owned\u{7}or"], #"unknown option '--col\u{1B}]0;owned\u{7}or'"#),
            (["status", "--format", "m\ts"], #"unknown format 'm\ts'"#),
            (["timer", "--until", "17:30\r"], #"invalid time '17:30\r'"#),
            (["lap", "--label", "a\u{1B}[2Jb"], "the label contains a control character"),
            (["run", "--", "no\u{1B}[2Jsuch"], #"no\u{1B}[2Jsuch: command not found"#),
        ] as [([String], String)])
    func everyMessageQuotesInputOnOneLineWithControlCharactersEscaped(_ arguments: [String], _ quoted: String) throws {
        let result = try stopwatch.run(arguments)
        #expect(result.status == 64 || (arguments[0] == "run" && result.status == 127))
        #expect(result.error.hasPrefix("stopwatch: \(quoted)"), "\(result.error)")
        #expect(result.error.filter { $0 == "\n" }.count == 1 && result.error.hasSuffix("\n"))
        #expect(
            !result.error.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(result.error)")
        #expect(stopwatch.stateFiles().isEmpty)
    }

    @Test func aPathFromTheEnvironmentIsEscapedToo() throws {
        var environment = stopwatch.environment
        _ = FileManager.default.createFile(atPath: stopwatch.root + "/file", contents: Data())
        environment["STOPWATCH_HOME"] = stopwatch.root + "/file/a\nb"
        let result = try stopwatch.run(["start"], environment: environment)
        #expect(result.status == 73)
        #expect(result.error == "stopwatch: \(stopwatch.root)/file/a\\nb: cannot be created: Not a directory\n")
    }

    @Test func aCorruptStateFileIsSixtyFiveNeverTouchedAndDeleteForceIsTheWayOut() throws {
        try stopwatch.run("start")
        try stopwatch.run("lap")
        let garbage = Data("{\"schemaVersion\": 1, \"name\": tru\n".utf8)
        _ = FileManager.default.createFile(atPath: stopwatch.file(stopwatch.journal("default")), contents: garbage)
        for arguments in [
            ["status"], ["pause"], ["lap"], ["reset"], ["start"], ["restart"], ["laps"], ["delete", "default"],
            ["list"],
            ["delete", "--expired"], ["timer", "--force", "5m", "default"],
        ] {
            let result = try stopwatch.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(
                result.error
                    == "stopwatch: \(stopwatch.file(stopwatch.journal("default"))): holds no line whose check matches it; 'stopwatch delete --force default' deletes it\n",
                "\(arguments)")
        }
        #expect(stopwatch.contents(stopwatch.journal("default")) == garbage)
        let forced = try stopwatch.run("delete", "--force", "default")
        #expect(forced.status == 0 && forced.output.isEmpty && forced.error.isEmpty)
        #expect(stopwatch.stateFiles().isEmpty)
        #expect(try stopwatch.run("delete", "--force", "default").status == 66)
    }

    @Test func deleteForceRemovesASymlinkWithoutFollowingIt() throws {
        try stopwatch.run("start")
        try FileManager.default.removeItem(atPath: stopwatch.file(stopwatch.journal("default")))
        _ = FileManager.default.createFile(atPath: stopwatch.root + "/target", contents: Data("keep".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: stopwatch.file(stopwatch.journal("default")), withDestinationPath: stopwatch.root + "/target")
        #expect(try stopwatch.run("status").status == 65)
        #expect(try stopwatch.run("delete", "--force", "default").status == 0)
        #expect(stopwatch.stateFiles().isEmpty)
        #expect(FileManager.default.contents(atPath: stopwatch.root + "/target") == Data("keep".utf8))
    }

    @Test func aRelativeStateDirectoryIsAUsageError() throws {
        var environment = stopwatch.environment
        environment["STOPWATCH_HOME"] = "relative/state"
        let result = try stopwatch.run(["start"], environment: environment)
        #expect(result.status == 64)
        #expect(
            result.error
                == "stopwatch: STOPWATCH_HOME must be an absolute path, got 'relative/state'; for one under this directory: export STOPWATCH_HOME=\"$PWD\"/relative/state\n"
        )
    }

    @Test func listShowsTheReadableStopwatchesAndStillExitsSixtyFive() throws {
        try stopwatch.run("start", "good")
        _ = FileManager.default.createFile(atPath: stopwatch.file("bad.json"), contents: Data())
        let result = try stopwatch.run("list")
        #expect(result.status == 65)
        #expect(result.output.contains("\ngood "))
        #expect(
            result.error
                == "stopwatch: \(stopwatch.file("bad.json")): is empty; 'stopwatch delete --force bad' deletes it\n")
    }

    @Test func deletingAStopwatchNeverCreatedIsSixtySix() throws {
        let result = try stopwatch.run("delete", "ghost")
        #expect(result.status == 66)
        #expect(result.error == "stopwatch: no such stopwatch 'ghost'\n")
    }

    @Test func aStateDirectoryThatCannotBeCreatedIsSeventyThree() throws {
        _ = FileManager.default.createFile(atPath: stopwatch.root + "/file", contents: Data())
        var environment = stopwatch.environment
        environment["STOPWATCH_HOME"] = stopwatch.root + "/file/state"
        let result = try stopwatch.run(["start"], environment: environment)
        #expect(result.status == 73)
        #expect(result.error == "stopwatch: \(stopwatch.root)/file/state: cannot be created: Not a directory\n")
    }

    @Test func aSymlinkedStateDirectoryIsSeventyThree() throws {
        try FileManager.default.createDirectory(
            atPath: stopwatch.root + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: stopwatch.home, withDestinationPath: stopwatch.root + "/elsewhere")
        let result = try stopwatch.run("start")
        #expect(result.status == 73)
        #expect(result.error.contains("is a symbolic link"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: stopwatch.root + "/elsewhere").isEmpty)
    }

    @Test func aSymlinkedStateDirectoryIsRefusedWithATrailingSlashToo() throws {
        try FileManager.default.createDirectory(
            atPath: stopwatch.root + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: stopwatch.home, withDestinationPath: stopwatch.root + "/elsewhere")
        var environment = stopwatch.environment
        environment["STOPWATCH_HOME"] = stopwatch.home + "//"
        #expect(try stopwatch.run(["start"], environment: environment).status == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stopwatch.root + "/elsewhere").isEmpty)
    }

    @Test func aSymlinkedStateFileIsSixtyFive() throws {
        try stopwatch.run("status")
        try FileManager.default.createDirectory(atPath: stopwatch.home, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: stopwatch.root + "/target", contents: Data("keep".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: stopwatch.file("default.json"), withDestinationPath: stopwatch.root + "/target")
        let result = try stopwatch.run("start")
        #expect(result.status == 65)
        #expect(result.error.contains("is a symbolic link; refusing to follow it"))
        #expect(FileManager.default.contents(atPath: stopwatch.root + "/target") == Data("keep".utf8))
    }

    /// A full file system, made in a private mount namespace so that nothing outside the test sees it.
    @Test(.enabled(if: canMountPrivately(), "needs unshare -rm to mount a small tmpfs"))
    func aWriteThatFailsIsSeventyFourAndKeepsTheOldState() throws {
        let script = """
            set -u
            mount -t tmpfs -o size=12k tmpfs "$STOPWATCH_HOME" || exit 99
            "$1" start >/dev/null || exit 98
            # Laps with long labels until the journal nearly fills a page of the tmpfs, so that
            # the next line needs a page the full disk no longer has.
            label=$(printf '%0200d' 0)
            for _ in 1 2 3 4 5 6 7 8 9 10; do
                [ $(($(stat -c %s "$STOPWATCH_HOME/\(stopwatch.journal("default"))") % 4096)) -ge 3300 ] && break
                "$1" lap --label "$label" >/dev/null || exit 95
            done
            cp "$STOPWATCH_HOME/\(stopwatch.journal("default"))" "$STOPWATCH_HOME/../before.jsonl"
            dd if=/dev/zero of="$STOPWATCH_HOME/filler" bs=1k count=64 2>/dev/null
            "$1" lap --label "$label"
            status=$?
            cmp -s "$STOPWATCH_HOME/\(stopwatch.journal("default"))" "$STOPWATCH_HOME/../before.jsonl" || exit 97
            ls -a "$STOPWATCH_HOME" | grep -q '\\.tmp$' && exit 96
            exit $status
            """
        try FileManager.default.createDirectory(atPath: stopwatch.home, withIntermediateDirectories: true)
        let result = try stopwatch.run(
            ["-rm", "sh", "-c", script, "sh", StopwatchBinary.path], executable: "/usr/bin/unshare")
        #expect(result.status == 74, "\(result.error)")
        #expect(result.error.contains("No space left on device"))
    }
}

func canMountPrivately() -> Bool {
    StopwatchBinary.succeeds("/usr/bin/unshare", ["-rm", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt"])
}
