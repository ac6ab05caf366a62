import StopwatchCore
import StopwatchPlatform
import Testing

@Suite struct CommandLineParserTests {
    let build = StopwatchName("build")!

    func parse(_ line: String) throws -> Invocation {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init))
    }

    @Test func nothingMeansTheDefaultStatus() throws {
        #expect(try CommandLineParser.parse([]) == .run(.status(.default, format: .line)))
    }

    @Test func everyCommandWithItsDefaults() throws {
        #expect(try parse("start") == .run(.start(.default)))
        #expect(try parse("pause build") == .run(.pause(build)))
        #expect(try parse("resume build") == .run(.resume(build)))
        #expect(try parse("reset") == .run(.reset(.default)))
        #expect(try parse("lap") == .run(.lap(.default, label: nil)))
        #expect(try parse("status build") == .run(.status(build, format: .line)))
        #expect(try parse("laps") == .run(.laps(.default, format: .table)))
        #expect(try parse("list") == .run(.list(format: .table)))
        #expect(try parse("delete build") == .run(.delete(build)))
        #expect(try parse("watch build") == .run(.watch(build)))
        #expect(try parse("watch") == .run(.watch(.default)))
        #expect(try parse("wait") == .run(.wait(.timer)))
        #expect(try parse("wait build") == .run(.wait(build)))
    }

    @Test func runTakesEverythingAfterTheDoubleDashAsTheCommand() throws {
        #expect(try parse("run -- make -j4") == .run(.run(nil, label: nil, format: .human, arguments: ["make", "-j4"])))
        #expect(try parse("run build --label compile -- make --help") == .run(.run(build, label: "compile", format: .human, arguments: ["make", "--help"])))
        #expect(try parse("run --quiet -- ls -- x") == .run(.run(nil, label: nil, format: .quiet, arguments: ["ls", "--", "x"])))
        #expect(try parse("run --format json -- true") == .run(.run(nil, label: nil, format: .json, arguments: ["true"])))
        #expect(try parse("run --help") == .help(.run))
    }

    @Test func stampOptions() throws {
        #expect(try parse("stamp") == .run(.stamp(since: .start, format: .human, summary: false)))
        #expect(try parse("stamp --since previous --format us --summary") == .run(.stamp(since: .previous, format: .microseconds, summary: true)))
        #expect(try parse("stamp --format=s") == .run(.stamp(since: .start, format: .seconds, summary: false)))
    }

    @Test func timerTakesADurationOrATimeOfDayThenAName() throws {
        #expect(try parse("timer 25m") == .run(.timer(.timer, length: .duration(.seconds(1500)), replacing: false, watch: false)))
        #expect(try parse("timer 1:30 build --force") == .run(.timer(build, length: .duration(.seconds(90)), replacing: true, watch: false)))
        #expect(try parse("timer --watch 10m build") == .run(.timer(build, length: .duration(.seconds(600)), replacing: false, watch: true)))
        #expect(try parse("timer --until 17:30 build") == .run(.timer(build, length: .until(TimeOfDay(hour: 17, minute: 30)!), replacing: false, watch: false)))
        #expect(try parse("timer --until=06:00:30") == .run(.timer(.timer, length: .until(TimeOfDay(hour: 6, minute: 0, second: 30)!), replacing: false, watch: false)))
    }

    @Test func optionsStandBeforeOrAfterTheName() throws {
        #expect(try parse("lap --label compile build") == .run(.lap(build, label: "compile")))
        #expect(try parse("lap build --label compile") == .run(.lap(build, label: "compile")))
        #expect(try parse("lap build --label=a=b") == .run(.lap(build, label: "a=b")))
        #expect(try CommandLineParser.parse(["lap", "--label", "two words"]) == .run(.lap(.default, label: "two words")))
        #expect(try parse("status --json build") == .run(.status(build, format: .json)))
        #expect(try parse("laps build --csv") == .run(.laps(build, format: .csv)))
        #expect(try parse("list --json") == .run(.list(format: .json)))
    }

    @Test func formats() throws {
        #expect(try parse("status --format ms") == .run(.status(.default, format: .milliseconds)))
        #expect(try parse("status --format=s") == .run(.status(.default, format: .seconds)))
        #expect(try parse("status --format human") == .run(.status(.default, format: .line)))
        #expect(try parse("status --format json --json") == .run(.status(.default, format: .json)))
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse("status -- build") == .run(.status(build, format: .line)))
        #expect(try parse("status -- --json") == .run(.status(StopwatchName("--json")!, format: .line)))
        #expect(try parse("start -") == .run(.start(StopwatchName("-")!)))
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

    @Test(arguments: [
        ("bogus", "unknown command 'bogus' (see 'stopwatch --help')"),
        ("--json", "unknown option '--json'; a command comes first (see 'stopwatch --help')"),
        ("--version start", "'--version' takes no arguments (see 'stopwatch --help')"),
        ("help bogus", "unknown command 'bogus' (see 'stopwatch help --help')"),
        ("lap --lable x", "unknown option '--lable' for 'lap' (see 'stopwatch lap --help')"),
        ("lap --label", "option '--label' needs a value (see 'stopwatch lap --help')"),
        ("lap --label=", "the label is empty (see 'stopwatch lap --help')"),
        ("status --json=yes", "option '--json' takes no value (see 'stopwatch status --help')"),
        ("status --format xml", "unknown format 'xml'; use human, ms, s or json (see 'stopwatch status --help')"),
        ("status --json --format ms", "'--json' and '--format ms' ask for different formats (see 'stopwatch status --help')"),
        ("laps --json --csv", "'--json' and '--csv' ask for different formats (see 'stopwatch laps --help')"),
        ("start a b", "'start' takes one stopwatch name, got 'b' too (see 'stopwatch start --help')"),
        ("delete", "'delete' needs a stopwatch name (see 'stopwatch delete --help')"),
        ("list build", "'list' takes no arguments, got 'build' (see 'stopwatch list --help')"),
        ("pause --json", "unknown option '--json' for 'pause' (see 'stopwatch pause --help')"),
        ("timer", "'timer' needs a duration (for example 25m, 1h30m, 90s or 1:30) or '--until HH:MM' (see 'stopwatch timer --help')"),
        ("timer 5x tea", "invalid duration '5x': unknown unit 'x' (use d, h, m, s, ms or us); for example 90, 90s, 1m30s, 1.5h, 250ms, 1:30 or 01:02:03 (see 'stopwatch timer --help')"),
        ("timer -5s tea", "invalid duration '-5s': it is negative; for example 90, 90s, 1m30s, 1.5h, 250ms, 1:30 or 01:02:03 (see 'stopwatch timer --help')"),
        ("timer 0", "invalid duration '0': it is zero; for example 90, 90s, 1m30s, 1.5h, 250ms, 1:30 or 01:02:03 (see 'stopwatch timer --help')"),
        ("timer 101000d", "invalid duration '101000d': it is longer than 100 years; for example 90, 90s, 1m30s, 1.5h, 250ms, 1:30 or 01:02:03 (see 'stopwatch timer --help')"),
        ("timer 5m tea extra", "'timer' takes one stopwatch name, got 'extra' too (see 'stopwatch timer --help')"),
        ("timer --until 7pm", "invalid time '7pm' for '--until': use HH:MM or HH:MM:SS (24-hour), for example 17:30 (see 'stopwatch timer --help')"),
        ("timer --until 17:30 5m tea", "'timer' takes one stopwatch name, got 'tea' too (see 'stopwatch timer --help')"),
        ("timer 5m --force=yes", "option '--force' takes no value (see 'stopwatch timer --help')"),
        ("wait a b", "'wait' takes one stopwatch name, got 'b' too (see 'stopwatch wait --help')"),
        ("run make", "'run' needs '--' and a command after it: stopwatch run [NAME] -- COMMAND [ARG...] (see 'stopwatch run --help')"),
        ("run build --", "'run' needs '--' and a command after it: stopwatch run [NAME] -- COMMAND [ARG...] (see 'stopwatch run --help')"),
        ("run --label x -- make", "'--label' needs a stopwatch name to record the run in (see 'stopwatch run --help')"),
        ("run --format xml -- make", "unknown format 'xml'; use human, ms, s or json (see 'stopwatch run --help')"),
        ("run --quiet --format ms -- make", "'--quiet' and '--format' cannot be used together (see 'stopwatch run --help')"),
        ("stamp file.txt", "'stamp' takes no arguments, got 'file.txt'; it reads standard input (see 'stopwatch stamp --help')"),
        ("stamp --since end", "unknown '--since' value 'end'; use start or previous (see 'stopwatch stamp --help')"),
        ("stamp --format ns", "unknown format 'ns'; use human, ms, s or us (see 'stopwatch stamp --help')"),
    ])
    func usageErrorsSayWhatWasWrong(_ line: String, _ message: String) {
        let error = #expect(throws: UsageError.self) { try parse(line) }
        #expect(error?.description == message)
    }

    @Test(arguments: ["", ".hidden", "a/b", "with space", "ünïcode", String(repeating: "x", count: 65)])
    func invalidNamesAreUsageErrors(_ name: String) {
        let error = #expect(throws: UsageError.self) { try CommandLineParser.parse(["start", "--", name]) }
        #expect(error?.message.hasPrefix("invalid stopwatch name") == true)
    }

    @Test(arguments: ["a", "A.b_c-9", "x.", String(repeating: "x", count: 64)])
    func validNames(_ name: String) throws {
        #expect(try CommandLineParser.parse(["start", name]) == .run(.start(StopwatchName(name)!)))
    }

    @Test func labelsWithControlCharactersOrTooLongAreRefused() {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lap", "--label", "a\nb"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lap", "--label", "a\tb"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lap", "--label", String(repeating: "x", count: 257)]) }
        #expect(throws: Never.self) { try CommandLineParser.parse(["lap", "--label", "café ☕"]) }
    }

    @Test func everyCommandHasHelp() {
        for command in CommandName.allCases {
            #expect(CommandHelp.text(for: command).hasPrefix("Usage: stopwatch \(command.rawValue)"))
        }
        #expect(CommandHelp.text(for: nil).contains("Exit codes:"))
    }
}
