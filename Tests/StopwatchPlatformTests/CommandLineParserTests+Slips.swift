import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// Slips at the command line: each a one-line usage error that says what to type instead, and
/// every command it suggests parses and means what was typed.
extension CommandLineParserTests {
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
            "report --by day,phase,cause",
            "--by phase and --by cause each split a run's time; one at a time: stopwatch report --by day,cause"
        ),
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
        ("report --by phase,cause --since monday", "report --since monday --by cause"),
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
}
