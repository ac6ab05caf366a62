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

    @Test(arguments: [
        ("bogus", "unknown command 'bogus' (see 'stopwatch --help')"),
        ("stauts", "unknown command 'stauts'; did you mean 'status'?"),
        ("rset", "unknown command 'rset'; did you mean 'reset'?"),
        // Once no hint, or the wrong one: another tool's word, and the beginning of ours.
        ("pomodoro", "unknown command 'pomodoro'; did you mean 'cycle'?"),
        ("skip", "unknown command 'skip'; did you mean 'next'?"),
        ("hist", "unknown command 'hist'; did you mean 'history'?"),
        ("cycle --wait work", "unknown option '--wait' for 'cycle'; did you mean '--wait-before'?"),
        ("history --since 7d", "invalid day '7d' for '--since': days back take a minus: stopwatch history --since=-7d"),
        ("stop", "there is no 'stop': 'pause' keeps the time, 'reset' clears it"),
        // The one command meant, from what was typed after another tool's word (issue 50, item 14).
        ("stop build", "there is no 'stop': 'stopwatch pause build' keeps the time ('reset' clears it)"),
        ("cancel tea", "unknown command 'cancel'; did you mean 'stopwatch delete tea'?"),
        ("rm tea", "unknown command 'rm'; did you mean 'stopwatch delete tea'?"),
        // A phase's bare number was 25 seconds, without a word (issue 50, item 3).
        (
            "cycle focus work=25 rest=5m",
            "the phase 'work=25' has no unit: 'stopwatch cycle focus work=25m rest=5m' for minutes (s for seconds, h for hours)"
        ),
        ("--json", "unknown option '--json'; a command comes first (see 'stopwatch --help')"),
        ("--verison", "unknown option '--verison'; did you mean '--version'?"),
        ("--version start", "'--version' takes no arguments (see 'stopwatch --help')"),
        ("help bogus", "unknown command 'bogus' (see 'stopwatch help --help')"),
        ("lap --lable x", "unknown option '--lable' for 'lap'; did you mean '--label'?"),
        ("lap --label", "option '--label' needs a value (TEXT) (see 'stopwatch lap --help')"),
        ("lap --label=", "the label is empty (see 'stopwatch lap --help')"),
        ("lap --label a --label b", "option '--label' is given twice (see 'stopwatch lap --help')"),
        ("status --json=yes", "option '--json' takes no value (see 'stopwatch status --help')"),
        (
            "status --format xml",
            "unknown format 'xml' for '--format'; use human, ms, s, json, waybar, i3blocks, polybar or tmux (see 'stopwatch status --help')"
        ),
        ("status --format jsn", "unknown format 'jsn' for '--format'; did you mean 'json'?"),
        (
            "status --json --format ms",
            "'--json' and '--format ms' ask for different formats (see 'stopwatch status --help')"
        ),
        ("laps --json --csv", "'--json' and '--csv' ask for different formats (see 'stopwatch laps --help')"),
        ("start a b", "'start' takes one stopwatch name, got 'b' too (see 'stopwatch start --help')"),
        (
            "delete",
            "'delete' needs the names of the stopwatches to delete, or '--expired' (see 'stopwatch delete --help')"
        ),
        (
            "delete --expired build",
            "'--expired' deletes every expired countdown; name none (see 'stopwatch delete --help')"
        ),
        (
            "delete --expired --force",
            "'--expired' and '--force' cannot be used together (see 'stopwatch delete --help')"
        ),
        ("list build", "'list' takes no arguments, got 'build' (see 'stopwatch list --help')"),
        ("pause --label x", "unknown option '--label' for 'pause' (see 'stopwatch pause --help')"),
        (
            "timer",
            "'timer' needs a duration (for example 25m, 1h30m, 90s or 1:30) or '--until HH:MM' (see 'stopwatch timer --help')"
        ),
        ("timer 5x tea", "invalid duration '5x': unknown unit 'x'; did you mean '5m'?"),
        // A signed duration points to --add however it is written: first, after the name, after `--`.
        (
            "timer -5s tea",
            "'-5s' is a signed duration, which changes a countdown's time: stopwatch timer tea --add=-5s"
        ),
        ("timer +5s tea", "'+5s' is a signed duration, which changes a countdown's time: stopwatch timer tea --add 5s"),
        (
            "timer tea -- +5s",
            "'+5s' is a signed duration, which changes a countdown's time: stopwatch timer tea --add 5s"
        ),
        ("timer -- -5s x", "'-5s' is a signed duration, which changes a countdown's time: stopwatch timer x --add=-5s"),
        ("timer -- 5m tea", "after '--' every word is a name, so '5m' was no duration: stopwatch timer 5m tea"),
        ("timer -- 5m m", "after '--' every word is a name, so '5m' was no duration: stopwatch timer 5m -- m"),
        ("timer 0", "invalid duration '0': it is zero (see 'stopwatch timer --help')"),
        ("timer 101000d", "invalid duration '101000d': it is longer than 100 years (see 'stopwatch timer --help')"),
        (
            "timer 5 min",
            "'min' is a unit, not a name; write a duration as one word: stopwatch timer 5min (a countdown named 'min' goes after '--': stopwatch timer 5 -- min)"
        ),
        (
            "timer 5 minutes tea",
            "'minutes' is a unit, not a name; write a duration as one word: stopwatch timer 5minutes tea"
        ),
        (
            "timer 1h 30m",
            "'30m' reads as a duration, not a name; write a duration as one word: stopwatch timer 1h30m (a countdown named '30m' goes after '--': stopwatch timer 1h -- 30m)"
        ),
        ("timer 10s m", "'m' is a unit; a name that reads as one goes after '--': stopwatch timer 10s -- m"),
        (
            "timer 25m 5 tea",
            "'5' reads as a duration, not a name; write a duration as one word: 5min or 1h30m (see 'stopwatch timer --help')"
        ),
        ("timer 25m 5", "'5' reads as a duration; a name that reads as one goes after '--': stopwatch timer 25m -- 5"),
        ("timer tea 5m", "the duration comes first: stopwatch timer 5m tea"),
        (
            "timer 5m --until 17:30",
            "give a duration or '--until', not both: stopwatch timer 5m, or stopwatch timer --until 17:30"
        ),
        (
            "timer 5m tea --until 17:30 --json",
            "give a duration or '--until', not both: stopwatch timer 5m tea --json, or stopwatch timer tea --until 17:30 --json"
        ),
        ("timer 5m tea extra", "'timer' takes one stopwatch name, got 'extra' too (see 'stopwatch timer --help')"),
        (
            "timer --until 7pm",
            "invalid time '7pm' for '--until': use HH:MM or HH:MM:SS (24-hour), for example 17:30 (see 'stopwatch timer --help')"
        ),
        ("timer 5m --force=yes", "option '--force' takes no value (see 'stopwatch timer --help')"),
        (
            "timer 5m --watch --json",
            "'--json' prints the countdown and ends; '--watch' follows it live: use one (see 'stopwatch timer --help')"
        ),
        ("wait a b", "'wait' takes one stopwatch name, got 'b' too (see 'stopwatch wait --help')"),
        (
            "run",
            "'run' needs a command: stopwatch run COMMAND [ARG...], or stopwatch run NAME -- COMMAND [ARG...] (see 'stopwatch run --help')"
        ),
        (
            "run build --",
            "'run' needs a command: stopwatch run COMMAND [ARG...], or stopwatch run NAME -- COMMAND [ARG...] (see 'stopwatch run --help')"
        ),
        (
            "run --label x -- make",
            "'--label' needs a stopwatch to record the run in: stopwatch run NAME --label TEXT -- COMMAND (see 'stopwatch run --help')"
        ),
        (
            "run --format xml -- make",
            "unknown format 'xml' for '--format'; use human, ms, s, json or quiet (see 'stopwatch run --help')"
        ),
        (
            "run --quiet --format ms -- make",
            "'--quiet' and '--format' or '--json' cannot be used together (see 'stopwatch run --help')"
        ),
        ("run -o", "option '--output' needs a value (FILE) (see 'stopwatch run --help')"),
        (
            "stamp file.txt",
            "'stamp' takes no arguments, got 'file.txt'; it reads standard input (see 'stopwatch stamp --help')"
        ),
        ("stamp --since end", "unknown when 'end' for '--since'; use start or previous (see 'stopwatch stamp --help')"),
        ("stamp --format ns", "unknown format 'ns' for '--format'; did you mean 'ms'?"),
        ("watch --all build", "'--all' shows every stopwatch; for one: stopwatch watch build"),
        (
            "timer 5m --add 1m",
            "with '--add', the argument is the countdown's name, not a duration like '5m' (see 'stopwatch timer --help')"
        ),
        ("timer tea 5 min", "the duration comes first: stopwatch timer 5min tea"),
        ("timer tea +2m", "'+2m' is a signed duration, which changes a countdown's time: stopwatch timer tea --add 2m"),
        (
            "timer tea -2m",
            "'-2m' is a signed duration, which changes a countdown's time: stopwatch timer tea --add=-2m"
        ),
        ("timer + 1m", "'+1m' is a signed duration, which changes a countdown's time: stopwatch timer --add 1m"),
        ("timer 1e3", "invalid duration '1e3': unknown unit 'e' (see 'stopwatch timer --help')"),
        ("timer x 5s --force", "the duration comes first: stopwatch timer 5s x --force"),
        (
            "timer tea --add 1m --force",
            "'--add' changes a countdown that exists; --force is for creating one (see 'stopwatch timer --help')"
        ),
        ("timer tea --add -0s", "invalid duration '0s': it is zero (see 'stopwatch timer --help')"),
        (
            "stamp --format clock --since previous",
            "'--since' counts elapsed time; '--format clock' prints the time of day (see 'stopwatch stamp --help')"
        ),
    ])
    func usageErrorsSayWhatToTypeInstead(_ line: String, _ message: String) {
        let error = #expect(throws: UsageError.self) { try parse(line) }
        #expect(error?.description == message)
    }

    /// Slips a new user made, each with what they meant: the command every suggestion shows must
    /// parse, and mean that.
    @Test(arguments: [
        ("timer tea 5 min", "timer 5min tea"),
        ("timer 5 min tea", "timer 5min tea"),
        ("timer 1h 30m tea", "timer 1h30m tea"),
        ("timer 5 min", "timer 5min"),
        ("timer 1h 30m", "timer 1h30m"),
        ("timer x 5s --force", "timer 5s x --force"),
        ("timer tea 25m --watch --notify", "timer 25m tea --watch --notify"),
        ("timer tea +2m", "timer tea --add 2m"),
        ("timer tea -30s --json", "timer tea --add -30s --json"),
        ("timer + 1m", "timer --add 1m"),
        ("timer - 1 min", "timer --add -1min"),
        ("timer 10s m", "timer 10s -- m"),
        ("timer 25m 5", "timer 25m -- 5"),
        ("timer 5m tea --until 17:30", "timer 5m tea"),
        ("watch --all build --notify", "watch build --notify"),
        ("status build --follow --format ms", "status build --follow --format {text}"),
        ("status build --json --follow", "status build --follow --format {text}"),
        ("list --follow --json", "list --follow --format {text}{more}"),
        ("timer -2m tea", "timer tea --add -2m"),
        ("timer +2m", "timer --add 2m"),
        ("timer tea -- +2m", "timer tea --add 2m"),
        ("timer -- -5s x", "timer x --add -5s"),
        ("timer -- 5m tea", "timer 5m tea"),
        ("timer -- 10s m", "timer 10s -- m"),
        ("build start", "start build"),
        ("build lap --label compile", "lap build --label compile"),
        ("tea timer 5m", "timer 5m tea"),
    ])
    func everySuggestedCommandParsesAndMeansWhatWasTyped(_ slip: String, _ meant: String) throws {
        let error = try #require(throws: UsageError.self) { try parse(slip) }
        let line = error.description
        let suggested = try #require(
            line.components(separatedBy: ": stopwatch ").dropFirst().first, "\(line) suggests a command")
        let command = suggested.components(separatedBy: " (").first!.components(separatedBy: ", or").first!
        // A template is quoted for the shell; none of these has a space in it.
        #expect(try parse(command.replacing("'", with: "")) == parse(meant), "\(line)")
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
