import StopwatchCore
import Testing

@testable import StopwatchPlatform

@Suite struct CommandLineParserTests {
    let build = StopwatchName("build")!
    let tea = StopwatchName("tea")!

    func parse(_ line: String) throws -> Command {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init))
    }

    @Test func nothingMeansTheOverview() throws {
        #expect(try CommandLineParser.parse([]) == .overview)
    }

    @Test func everyCommandWithItsDefaults() throws {
        #expect(try parse("start") == .start(.default, json: false))
        #expect(try parse("restart build") == .restart(build, json: false))
        #expect(try parse("pause build") == .pause(build, json: false))
        #expect(try parse("resume build") == .resume(build, json: false))
        #expect(try parse("reset") == .reset(.default, json: false))
        #expect(try parse("lap") == .lap(.default, label: nil, json: false))
        #expect(try parse("status build") == .status(build, format: .line))
        #expect(try parse("laps") == .laps(.default, format: .table))
        #expect(try parse("list") == .list(format: .table))
        #expect(try parse("delete build") == .delete(.names([build])))
        #expect(try parse("watch build") == .watch(build))
        #expect(try parse("watch") == .watch(.default))
        #expect(try parse("wait") == .wait(.timer))
        #expect(try parse("wait build") == .wait(build))
    }

    @Test func everyCommandThatChangesAStopwatchPrintsJSONOnRequest() throws {
        #expect(try parse("start --json") == .start(.default, json: true))
        #expect(try parse("restart build --json") == .restart(build, json: true))
        #expect(try parse("pause --json build") == .pause(build, json: true))
        #expect(try parse("resume build --json") == .resume(build, json: true))
        #expect(try parse("reset build --json") == .reset(build, json: true))
        #expect(try parse("lap build --json --label x") == .lap(build, label: "x", json: true))
        #expect(
            try parse("timer 5m tea --json")
                == .timer(tea, length: .duration(.seconds(300)), replacing: false, watch: false, json: true))
    }

    @Test func deleteTakesSeveralNamesExpiredOrForce() throws {
        #expect(try parse("delete build tea") == .delete(.names([build, tea])))
        #expect(try parse("delete --expired") == .delete(.expired))
        #expect(try parse("delete --force build tea") == .delete(.files([build, tea])))
    }

    @Test func runTakesTheCommandFromItsFirstWordOrAfterTheDoubleDash() throws {
        #expect(try parse("run make -j4") == .run(.init(arguments: ["make", "-j4"])))
        #expect(try parse("run --quiet make --help") == .run(.init(format: .quiet, arguments: ["make", "--help"])))
        #expect(try parse("run -- make -j4") == .run(.init(arguments: ["make", "-j4"])))
        #expect(
            try parse("run build --label compile -- make --help")
                == .run(.init(name: build, label: "compile", arguments: ["make", "--help"])))
        #expect(try parse("run --quiet -- ls -- x") == .run(.init(format: .quiet, arguments: ["ls", "--", "x"])))
        #expect(try parse("run --format json -- true") == .run(.init(format: .json, arguments: ["true"])))
        #expect(try parse("run --json true") == .run(.init(format: .json, arguments: ["true"])))
        #expect(try parse("run -o times.txt make") == .run(.init(outputFile: "times.txt", arguments: ["make"])))
        #expect(try parse("run -otimes.txt make") == .run(.init(outputFile: "times.txt", arguments: ["make"])))
        #expect(try parse("run --output=t make") == .run(.init(outputFile: "t", arguments: ["make"])))
        #expect(try parse("run --help") == .help(.run))
        #expect(try parse("run -h -- make") == .help(.run))
        #expect(try parse("run make -h") == .run(.init(arguments: ["make", "-h"])), "the command's own -h")
    }

    @Test func stampOptions() throws {
        #expect(try parse("stamp") == .stamp(since: .start, format: .human, summary: false))
        #expect(
            try parse("stamp --since previous --format us --summary")
                == .stamp(since: .previous, format: .microseconds, summary: true))
        #expect(try parse("stamp --format=s") == .stamp(since: .start, format: .seconds, summary: false))
        #expect(try parse("stamp --format clock") == .stamp(since: .start, format: .clock, summary: false))
        #expect(try parse("stamp --format iso --summary") == .stamp(since: .start, format: .iso, summary: true))
    }

    @Test func timerTakesADurationOrATimeOfDayThenAName() throws {
        #expect(
            try parse("timer 25m")
                == .timer(.timer, length: .duration(.seconds(1500)), replacing: false, watch: false, json: false))
        #expect(
            try parse("timer 1:30 build --force")
                == .timer(build, length: .duration(.seconds(90)), replacing: true, watch: false, json: false))
        #expect(
            try parse("timer --watch 10m build")
                == .timer(build, length: .duration(.seconds(600)), replacing: false, watch: true, json: false))
        #expect(
            try parse("timer --until 17:30 build")
                == .timer(
                    build, length: .until(TimeOfDay(hour: 17, minute: 30)!), replacing: false, watch: false, json: false
                ))
        #expect(
            try parse("timer --until=06:00:30")
                == .timer(
                    .timer, length: .until(TimeOfDay(hour: 6, minute: 0, second: 30)!), replacing: false, watch: false,
                    json: false))
        #expect(
            try CommandLineParser.parse(["timer", "2 hours", "tea"])
                == .timer(tea, length: .duration(.seconds(7200)), replacing: false, watch: false, json: false))
        #expect(
            try parse("timer 5min tea")
                == .timer(tea, length: .duration(.seconds(300)), replacing: false, watch: false, json: false))
    }

    @Test func watchAllAndNotify() throws {
        #expect(try parse("watch --all") == .watchAll(notify: false))
        #expect(try parse("watch --all --notify") == .watchAll(notify: true))
        #expect(try parse("watch tea --notify") == .watch(tea, notify: true))
        #expect(try parse("wait tea --notify") == .wait(tea, notify: true))
        #expect(
            try parse("timer 5m tea --notify")
                == .timer(
                    tea, length: .duration(.seconds(300)), replacing: false, watch: false, json: false, notify: true))
    }

    @Test func timerAddTakesASignedDurationAndAName() throws {
        #expect(try parse("timer tea --add 2m") == .addTime(tea, change: .seconds(120), watch: false, json: false))
        #expect(
            try parse("timer tea --add -30s --json") == .addTime(tea, change: .seconds(-30), watch: false, json: true))
        #expect(try parse("timer --add=+1h") == .addTime(.timer, change: .seconds(3600), watch: false, json: false))
        #expect(
            try parse("timer tea --add 10s --watch") == .addTime(tea, change: .seconds(10), watch: true, json: false))
    }

    @Test func optionsStandBeforeOrAfterTheName() throws {
        #expect(try parse("lap --label compile build") == .lap(build, label: "compile", json: false))
        #expect(try parse("lap build --label compile") == .lap(build, label: "compile", json: false))
        #expect(try parse("lap build --label=a=b") == .lap(build, label: "a=b", json: false))
        #expect(
            try CommandLineParser.parse(["lap", "--label", "two words"])
                == .lap(.default, label: "two words", json: false))
        #expect(try parse("status --json build") == .status(build, format: .json))
        #expect(try parse("laps build --csv") == .laps(build, format: .csv))
        #expect(try parse("list --json") == .list(format: .json))
    }

    @Test func formats() throws {
        #expect(try parse("status --format ms") == .status(.default, format: .milliseconds))
        #expect(try parse("status --format=s") == .status(.default, format: .seconds))
        #expect(try parse("status --format human") == .status(.default, format: .line))
        #expect(try parse("status --format json --json") == .status(.default, format: .json))
        // One --format scheme: every command that prints takes it, its values the views' own
        // formats, and the older flags are aliases of it.
        #expect(try parse("laps --format csv") == .laps(.default, format: .csv))
        #expect(try parse("laps --csv") == .laps(.default, format: .csv))
        #expect(try parse("laps --format json --json") == .laps(.default, format: .json))
        #expect(try parse("laps") == .laps(.default, format: .table))
        #expect(throws: UsageError.self) { try parse("laps --format csv --json") }
        #expect(throws: UsageError.self, "the bars are the table's on a terminal, not a format") {
            try parse("laps --format bars")
        }
        #expect(try parse("status --format waybar") == .status(.default, format: .bar(.waybar)))
        #expect(throws: UsageError.self) { try parse("status --format waybar --json") }
        #expect(try parse("run --format quiet true") == parse("run --quiet true"))
        #expect(try parse("stamp --format us") == .stamp(since: .start, format: .microseconds, summary: false))
    }

    @Test func listTakesTheSameFormatSchemeWithItsFlagsAsAliases() throws {
        #expect(try parse("list --format json") == parse("list --json"))
        #expect(try parse("list --format names") == .list(format: .names))
        #expect(try parse("list --format quiet --countdowns") == .list(format: .quiet, countdownsOnly: true))
        #expect(try parse("list --format table") == parse("list"))
        #expect(try parse("list --format json --json") == .list(format: .json))
        #expect(try parse("list --format waybar --follow") == .list(format: .pressing(.bar(.waybar)), follow: true))
        #expect(
            StopwatchListView.Format.allCases.map(\.rawValue) == [
                "table", "json", "names", "quiet", "waybar", "i3blocks", "polybar", "tmux",
            ])
        for slip in [
            "list --format json --names", "list --quiet --json", "list --format waybar --countdowns",
            "list --format json --follow", "list --quiet --follow",
        ] {
            #expect(throws: UsageError.self, "\(slip)") { try parse(slip) }
        }
    }

    @Test func statusFormatsAreTheViewsOwnByTheWordsTypedForThem() throws {
        for format in StatusView.Format.allCases {
            #expect(try parse("status --format \(format.rawValue)") == .status(.default, format: format))
        }
        #expect(
            StatusView.Format.allCases.map(\.rawValue) == [
                "human", "ms", "s", "json", "waybar", "i3blocks", "polybar", "tmux",
            ])
        // A template is written out as typed, braces doubled, so a suggestion can quote it.
        let typed = "{name} {{x}} {left_s}"
        #expect(try StatusTemplate(parsing: typed).text == typed)
        #expect(StatusView.Format.template(try StatusTemplate(parsing: typed)).rawValue == typed)
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse("status -- build") == .status(build, format: .line))
        #expect(throws: UsageError.self, "a name may not start with '-'") { try parse("status -- --json") }
    }

    @Test func completionsManualAndNames() throws {
        #expect(try parse("completions zsh") == .completions(.zsh))
        #expect(try parse("manual") == .manual)
        #expect(try parse("list --names") == .list(format: .names))
        #expect(throws: UsageError.self) { try parse("completions") }
        #expect(throws: UsageError.self) { try parse("list --names --json") }
        #expect(throws: UsageError.self) { try parse("manual page") }
    }

    @Test func helpAndVersion() throws {
        #expect(try parse("--help") == .help(nil))
        #expect(try parse("-h") == .help(nil))
        #expect(try parse("help") == .help(nil))
        #expect(try parse("help laps") == .help(.laps))
        #expect(try parse("lap --help") == .help(.lap))
        #expect(try parse("status build --bogus -h") == .help(.status), "help wins over the rest of the line")
        #expect(try parse("--version") == .version)
        #expect(try parse("-V") == .version)
    }

    @Test func afterTheDoubleDashAWordIsAName() throws {
        let m = StopwatchName("m")!
        #expect(
            try parse("timer 10s -- m")
                == .timer(m, length: .duration(.seconds(10)), replacing: false, watch: false, json: false))
        #expect(
            try parse("timer 10s --force -- 5")
                == .timer(
                    StopwatchName("5")!, length: .duration(.seconds(10)), replacing: true, watch: false, json: false))
        #expect(
            try parse("timer --until 17:30 -- 5m")
                == .timer(
                    StopwatchName("5m")!, length: .until(TimeOfDay(hour: 17, minute: 30)!), replacing: false,
                    watch: false, json: false))
        #expect(
            try parse("timer --add 1m -- 5m")
                == .addTime(StopwatchName("5m")!, change: .seconds(60), watch: false, json: false))
        #expect(throws: UsageError.self, "the duration is no name") { try parse("timer -- 10s m") }
    }

    @Test func anUnknownCommandWordIsKeptForTheRunnerToLookUp() {
        let error = #expect(throws: UsageError.self) { try parse("build") }
        #expect(error?.unknownCommand == "build")
    }

    @Test(arguments: ["", ".hidden", "-dash", "a/b", "with space", "ünïcode", String(repeating: "x", count: 65)])
    func invalidNamesAreUsageErrors(_ name: String) {
        let error = #expect(throws: UsageError.self) { try CommandLineParser.parse(["start", "--", name]) }
        #expect(error?.message.hasPrefix("invalid stopwatch name") == true)
        #expect(
            error?.message.hasSuffix("use 1 to 64 ASCII letters, digits, '.', '_' or '-', not starting with '.' or '-'")
                == true)
    }

    @Test(arguments: ["a", "A.b_c-9", "x.", "x-", String(repeating: "x", count: 64)])
    func validNames(_ name: String) throws {
        #expect(try CommandLineParser.parse(["start", name]) == .start(StopwatchName(name)!, json: false))
    }

    @Test func labelsWithControlCharactersOrTooLongAreRefused() {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lap", "--label", "a\nb"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lap", "--label", "a\tb"]) }
        #expect(throws: UsageError.self) {
            try CommandLineParser.parse(["lap", "--label", String(repeating: "x", count: 257)])
        }
        #expect(throws: Never.self) { try CommandLineParser.parse(["lap", "--label", "café ☕"]) }
    }

    @Test func everyHelpScreenFitsEightyColumnsAndShowsAnExample() {
        for command in [nil] + CommandName.allCases.map(Optional.some) {
            let text = CommandHelp.text(for: command)
            let over = text.split(separator: "\n").filter { $0.count > 80 }
            #expect(over.isEmpty, "\(command?.rawValue ?? "stopwatch"): \(over)")
            let examples = text.components(separatedBy: "\nExamples:\n  ").dropFirst().first ?? ""
            #expect(
                examples.prefix(while: { $0 != "\n" }).contains("stopwatch"),
                "\(command?.rawValue ?? "stopwatch") shows an example")
            #expect(text.hasPrefix("Usage: stopwatch" + (command.map { " \($0.rawValue)" } ?? "")))
        }
        #expect(CommandHelp.text(for: nil).contains("Exit codes:"))
    }

    @Test func everyDeclaredOptionIsInItsCommandsHelp() {
        for spec in CommandCatalog.commands {
            let text = CommandHelp.text(for: spec.name)
            for option in spec.options {
                #expect(text.contains("  " + option.label), "\(spec.name.rawValue) \(option.long)")
                if case .choices(let choices)? = option.value?.kind {
                    for choice in choices() {
                        #expect(
                            text.contains(" \(choice.value)  "), "\(spec.name.rawValue) \(option.long) \(choice.value)")
                    }
                }
            }
        }
        for command in CommandName.allCases {
            #expect(
                CommandHelp.text(for: nil).contains("\n  \(command.rawValue)"), "the overview lists \(command.rawValue)"
            )
        }
    }
}
