import StopwatchCore
import Testing

@testable import StopwatchPlatform

@Suite struct CycleCommandLineTests {
    func parse(_ line: String) throws -> Command {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init))
    }

    func cycle(_ name: String = "cycle", _ sequence: PhaseSequence, force: Bool = false, json: Bool = false) -> Command
    {
        Command(CycleCommand(name: StopwatchName(name)!, sequence: sequence, replacing: force, json: json))
    }

    @Test func aCycleAloneIsTheClassicPomodoroAndItsLengthsChange() throws {
        #expect(try parse("cycle") == cycle("cycle", .pomodoro))
        #expect(
            try parse("cycle focus --rounds 8 --json")
                == cycle(
                    "focus",
                    PhaseSequence(
                        phases: PhaseSequence.pomodoro.phases, rounds: 8, long: PhaseSequence.pomodoro.long,
                        longEvery: 4), json: true))
        let custom = PhaseSequence(
            phases: [Phase("work", .seconds(1800)), Phase("break", .seconds(300))],
            long: Phase("long-break", .seconds(1200)), longEvery: 3)
        #expect(try parse("cycle work=30m break=5m --long long-break=20m --long-every 3") == cycle("cycle", custom))
        #expect(
            try parse("cycle deep work=50m rest=10m --rounds 3 --force")
                == cycle(
                    "deep",
                    PhaseSequence(phases: [Phase("work", .seconds(3000)), Phase("rest", .seconds(600))], rounds: 3),
                    force: true))
        #expect(try parse("next") == Command(NextCommand()))
        #expect(try parse("next deep --json") == Command(NextCommand(name: StopwatchName("deep")!, json: true)))
    }

    @Test(arguments: [
        (
            "cycle work=0s",
            "stopwatch: the phase 'work=0s': invalid duration '0s': it is zero (see 'stopwatch cycle --help')"
        ),
        (
            "cycle 2nd=5m",
            "stopwatch: the phase '2nd=5m': its label is not a word of letters, digits, '-' and '_' that starts with a letter (see 'stopwatch cycle --help')"
        ),
        (
            "cycle deep work5m",
            "stopwatch: a phase is LABEL=DURATION, got 'work5m': for example work=25m (see 'stopwatch cycle --help')"
        ),
        // Once started a 25-minute pomodoro named '50m'; both suggestions work when pasted.
        // Once accepted, doing nothing; and once called a stopwatch's name.
        (
            "cycle work=5m --warn 1m",
            "stopwatch: '--warn' warns through '--notify' or '--exec', and neither is given: stopwatch cycle work=5m --warn 1m --notify"
        ),
        (
            "cycle work=5m --save my/plan",
            "stopwatch: invalid plan name 'my/plan': use 1 to 64 ASCII letters, digits, '.', '_' or '-', not starting with '.' or '-' (see 'stopwatch cycle --help')"
        ),
        (
            "cycle 50m --rounds 2",
            "stopwatch: '50m' reads as a duration, not a name; a phase is LABEL=DURATION: stopwatch cycle work=50m --rounds 2 (a cycle named '50m' goes after '--': stopwatch cycle --rounds 2 -- 50m)"
        ),
        (
            "cycle work=5m --rounds 0",
            "stopwatch: '--rounds 0': it takes a whole number from 1 to 10000 (see 'stopwatch cycle --help')"
        ),
        (
            "cycle work=5m --long-every 2",
            "stopwatch: '--long-every' says how often the long phase comes: give one with '--long LABEL=DURATION' (see 'stopwatch cycle --help')"
        ),
        ("cycle --long =5m", "stopwatch: the phase '=5m': its label is empty (see 'stopwatch cycle --help')"),
    ])
    func aBadPlanIsRefusedWithItsInputQuoted(_ line: String, _ message: String) throws {
        let error = try #require(throws: UsageError.self) { try parse(line) }
        #expect("stopwatch: " + error.description == message)
    }

    @Test func aCycleNamedLikeADurationGoesAfterTheDoubleDash() throws {
        #expect(try parse("cycle -- 50m") == cycle("50m", .pomodoro))
    }

    @Test func aControlCharacterInALabelIsEscapedInTheMessage() throws {
        let error = try #require(throws: UsageError.self) { try CommandLineParser.parse(["cycle", "wo\u{1B}rk=5m"]) }
        #expect(
            error.description.contains(#"'wo\erk=5m'"#) || error.description.contains(#"'wo\u{1B}rk=5m'"#)
                || !error.description.contains("\u{1B}"))
    }

    @Test func everyWordOfAnotherToolNamesOneOfOurCommands() {
        for (word, command) in CommandLineParser.synonyms {
            #expect(CommandCatalog.command(named: command.rawValue) != nil, "\(word) → \(command.rawValue)")
            #expect(CommandCatalog.command(named: word) == nil, "\(word) is a command of ours")
        }
    }

    @Test func helpBeforeACommandIsThatCommandsHelp() throws {
        #expect(try parse("--help status") == Command(HelpCommand(topic: .status)), "once the general help")
        #expect(try parse("-h lap") == Command(HelpCommand(topic: "lap")))
        #expect(try parse("--help") == Command(HelpCommand()))
    }
}
