import Foundation
import Testing

/// What ships beside the binary, made by the binary: shell completion and the manual page, checked
/// with the shells and formatters that read them.
@Suite struct ShippingTests {
    let stopwatch = StopwatchBinary()

    /// A directory with `stopwatch` in it, for the scripts' `command stopwatch list --names`.
    func binDirectory(at name: String = "bin") throws -> String {
        let directory = stopwatch.root + "/" + name
        guard !FileManager.default.fileExists(atPath: directory) else { return directory }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/stopwatch", withDestinationPath: StopwatchBinary.path)
        return directory
    }

    func script(_ shell: String) throws -> String {
        let path = stopwatch.root + "/completion.\(shell)"
        let result = try stopwatch.run("completions", shell)
        #expect(result.status == 0 && result.error.isEmpty)
        try result.output.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func bashCompletesCommandsOptionsValuesAndNames() throws {
        for name in ["my.build", "a_b", "x-y"] { try stopwatch.run("start", name) }
        try stopwatch.run("timer", "10m", "my.tea", "--tag", "client,billable")
        try stopwatch.run("track", "09:00", "10:00", "old-project")
        let id = try #require(try stopwatch.run("history", "--format", "ids").output.split(separator: "\t").first)
        let script = try script("bash")
        let driver = """
            source "$1"
            complete_line() {
                read -ra COMP_WORDS <<< "$1"
                [[ $1 == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _stopwatch
                echo "${COMPREPLY[*]}"
            }
            complete_line "stopwatch sta"
            complete_line "stopwatch lap --la"
            complete_line "stopwatch status --format j"
            complete_line "stopwatch status my"
            complete_line "stopwatch delete a_b "
            complete_line "stopwatch timer 5m x"
            complete_line "stopwatch list "
            complete_line "stopwatch stamp "
            complete_line "stopwatch manual "
            complete_line "stopwatch status --format=j"
            complete_line "stopwatch timer --until 17:30 my"
            complete_line "stopwatch timer --add 1m a"
            complete_line "stopwatch wait "
            complete_line "stopwatch wait --notify my"
            complete_line "stopwatch report --by day,t"
            complete_line "stopwatch cycle work=50m rest=10m --wait-before r"
            complete_line "stopwatch cycle --wait-before work,"
            complete_line "stopwatch start x --tag billable,c"
            complete_line "stopwatch --format way"
            complete_line "stopwatch --fo"
            complete_line "stopwatch history o"
            complete_line "stopwatch report --by day o"
            complete_line "stopwatch edit "
            complete_line "stopwatch join \(id) "
            """
        var environment = stopwatch.environment
        environment["PATH"] = try binDirectory() + ":/usr/bin:/bin"
        let result = try stopwatch.run(
            ["-c", driver, "bash", script], environment: environment, executable: "/bin/bash")
        #expect(result.error.isEmpty, "\(result.error)")
        #expect(
            result.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(14) == [
                "start status stamp", "--label", "json", "my.build my.tea", "a_b my.build my.tea x-y", "",
                "", "", "", "json", "my.tea", "", "my.tea", "my.tea",
            ])
        #expect(
            result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(14).prefix(6) == [
                "day,tags", "rest", "work,work work,break work,long-break", "billable,client", "waybar", "--format",
            ],
            "a list completed after its last comma: groupings, the phases typed (else the pomodoro's), the tags in use; --format alone is list's"
        )
        let runs = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(20).prefix(4)
        #expect(
            runs.prefix(2) == ["old-project", "old-project"]
                && runs.dropFirst(2).allSatisfy {
                    $0.split(separator: " ").contains(id) && $0.hasSuffix(" a_b my.build my.tea x-y")
                },
            "history and report offer the names history holds; a run's place its recent ids and the stopwatches: \(runs)"
        )
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh"))
    func zshReadsItsScriptAndCompletesInATerminal() throws {
        let script = try script("zsh")
        let result = try stopwatch.run(["-n", script], executable: "/usr/bin/zsh")
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        try stopwatch.run("start", "my.build")
        try stopwatch.run("timer", "10m", "my.tea")
        try stopwatch.run("track", "09:00", "10:00", "old-project")
        let functions = stopwatch.root + "/zsh-functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: script, toPath: functions + "/_stopwatch")
        // Each line is typed in a fresh interactive zsh, then Tab twice lists what it offers.
        for (line, offered) in [
            ("stopwatch wait ", "my.tea"),
            ("stopwatch timer --until 17:30 ", "my.tea"),
            ("stopwatch status --format=", "waybar"),
            ("stopwatch list --na", "--names"),
            ("stopwatch report --by day,", "month"),
            ("stopwatch cycle deep=50m --wait-before ", "deep"),
            ("stopwatch --format ", "waybar"),
            ("stopwatch history ", "old-project"),
            ("stopwatch edit ", "old-project 20"),
        ] {
            let terminal = try PseudoTerminal()
            let zsh = try terminal.start(
                stopwatch, ["-f", "-i"], executable: "/usr/bin/zsh",
                environment: [
                    "PATH": try binDirectory(at: "zsh-bin-\(offered.count)") + ":/usr/bin:/bin", "TERM": "dumb",
                    "HOME": stopwatch.root,
                ]
            )
            terminal.type("PS1='ready> '; fpath=(\(functions) $fpath); autoload -U compinit; compinit -u\n")
            #expect(terminal.waitFor("ready> "))
            let shown = terminal.screen.count
            terminal.type(line + "\t\t")
            #expect(
                terminal.waitFor(offered, after: shown),
                "\(line) offers \(offered): \(terminal.screen.dropFirst(shown))")
            if line.hasPrefix("stopwatch wait") || line.hasPrefix("stopwatch timer") {
                #expect(!terminal.screen.dropFirst(shown).contains("my.build"), "wait and timer offer countdowns only")
            }
            kill(zsh.processIdentifier, SIGKILL)
            zsh.waitUntilExit()
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish"))
    func fishReadsItsScriptAndCompletesNames() throws {
        let script = try script("fish")
        #expect(try stopwatch.run(["-n", script], executable: "/usr/bin/fish").status == 0)
        try stopwatch.run("start", "my.build")
        var environment = stopwatch.environment
        environment["PATH"] = try binDirectory() + ":/usr/bin:/bin"
        let result = try stopwatch.run(
            [
                "--no-config", "-c", "source $argv[1]; complete -C 'stopwatch status my'; complete -C 'stopwatch sta'",
                script,
            ],
            environment: environment, executable: "/usr/bin/fish"
        )
        #expect(result.output.contains("my.build\t"), "\(result.output) \(result.error)")
        #expect(result.output.contains("start\t") && result.output.contains("status\t"))
        try stopwatch.run("timer", "10m", "my.tea")
        func offered(_ line: String) throws -> [String] {
            let result = try stopwatch.run(
                ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line], environment: environment,
                executable: "/usr/bin/fish")
            return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try offered("stopwatch wait ") == ["my.tea"], "wait offers countdowns only")
        #expect(try offered("stopwatch timer --until 17:30 my") == ["my.tea"], "timer offers countdowns only")
        #expect(try offered("stopwatch status --format=j") == ["--format=json"])
        #expect(try offered("stopwatch track my") == [], "no name for START: each argument at its place")
        #expect(try offered("stopwatch report --by day,n") == ["day,name"])
        #expect(try offered("stopwatch cycle a=1m b=2m --wait-before ") == ["a", "b"])
        try stopwatch.run("track", "09:00", "10:00", "old-project")
        let id = try #require(try stopwatch.run("history", "--format", "ids").output.split(separator: "\t").first)
        #expect(try offered("stopwatch history o") == ["old-project"], "the names history holds")
        #expect(try offered("stopwatch edit ").contains(String(id)), "a run's recent ids")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "needs groff"))
    func theManualRendersWithoutWarningsAndNamesEveryCommand() throws {
        let page = stopwatch.root + "/stopwatch.1"
        let manual = try stopwatch.run("manual")
        #expect(manual.status == 0)
        try manual.output.write(toFile: page, atomically: false, encoding: .utf8)
        let groff = try stopwatch.run(["-man", "-ww", "-Tutf8", page], executable: "/usr/bin/groff")
        #expect(groff.status == 0 && groff.error.isEmpty, "\(groff.error)")
        let text = groff.output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        for command in [
            "start", "restart", "pause", "resume", "toggle", "lap", "reset", "dismiss", "status", "laps", "list",
            "delete", "watch",
            "timer", "wait", "run", "stamp", "completions", "manual", "help",
        ] {
            #expect(text.contains("stopwatch \(command)"), "\(command)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            var environment = stopwatch.environment
            environment["MANWIDTH"] = "80"
            let man = try stopwatch.run(["-l", page], environment: environment, executable: "/usr/bin/man")
            #expect(man.status == 0 && man.error.isEmpty, "\(man.error)")
            #expect(man.output.contains("EXIT STATUS") && man.output.contains("SEE ALSO"))
            // The synopsis reads as typed: no word hyphenated across a line, no stretched spaces.
            let synopsis =
                man.output.components(separatedBy: "SYNOPSIS").dropFirst().first?.components(separatedBy: "DESCRIPTION")
                .first ?? ""
            #expect(!synopsis.contains("\u{2010}\n") && !synopsis.contains("-\n"), "\(synopsis)")
            #expect(!synopsis.contains("stopwatch  "), "\(synopsis)")
        }
    }

    @Test func listNamesReadsNoStateFile() throws {
        try stopwatch.run("start", "good")
        _ = FileManager.default.createFile(atPath: stopwatch.file("bad.json"), contents: Data("nope".utf8))
        let result = try stopwatch.run("list", "--names")
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.output == "bad\ngood\n")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try stopwatch.run("completions", "bsh")
        #expect(result.status == 64)
        #expect(result.error == "stopwatch: unknown shell 'bsh'; did you mean 'bash'?\n")
    }
}
