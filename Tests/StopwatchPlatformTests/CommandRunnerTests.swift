import StopwatchCore
import StopwatchPlatform
import StopwatchTestSupport
import Testing

/// The whole path from a command line to output and exit status, on fakes.
@Suite struct CommandRunnerTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    var runner: CommandRunner {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: output, messages: messages)
        return CommandRunner(output: output, messages: messages, makeContainer: { container })
    }

    @Test func aCommandPrintsItsResultOnStandardOutput() {
        #expect(runner.run(["start", "tea"]) == .success)
        clock.advance(by: .seconds(61))
        #expect(runner.run(["lap", "tea", "--label", "steep"]) == .success)
        #expect(output.text == "tea: running 00:00.00\ntea: lap 1 01:01.00 (total 01:01.00) steep\n")
        #expect(messages.text.isEmpty)
    }

    @Test func aFormatTemplateFillsItsFieldsTruncatedAsEverySurface() {
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["timer", "5m", "tea"]) == .success)
        clock.advance(by: .milliseconds(62_345))
        #expect(runner.run(["lap", "build"]) == .success)
        output.clear()
        let all = "{name} {status} {time} {time_s} [{left}] [{left_s}] [{over}] [{over_s}] {laps} [{percent}] {{x}}"
        #expect(runner.run(["status", "build", "--format", all]) == .success)
        #expect(runner.run(["status", "tea", "--format", all]) == .success)
        clock.advance(by: .seconds(300))
        #expect(runner.run(["status", "tea", "--format=" + all]) == .success)
        #expect(
            output.text == """
                build running 01:02.34 01:02 [] [] [] [] 1 [] {x}
                tea running 01:02.34 01:02 [03:57.66] [03:58] [] [] 0 [20] {x}
                tea expired 06:02.34 06:02 [00:00.00] [00:00] [01:02.34] [01:02] 0 [100] {x}

                """)
        #expect(messages.text.isEmpty)
    }

    @Test func aTemplateNamingNoFieldIsAUsageErrorWithTheClosest() {
        #expect(runner.run(["status", "--format", "{nme} {left}"]) == .usage)
        #expect(runner.run(["status", "--format", "{name"]) == .usage)
        #expect(runner.run(["status", "--format", "{name}", "--json"]) == .usage)
        let lines = messages.text.split(separator: "\n")
        #expect(lines.first == "stopwatch: unknown field {nme} in the format '{nme} {left}'; did you mean {name}?")
        #expect(lines.dropFirst().first?.hasPrefix("stopwatch: a brace without its pair in the format '{name'") == true)
        #expect(output.text.isEmpty)
    }

    @Test func barFormatsFollowEachBarsProtocolInWholeSeconds() {
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["timer", "5m", "tea"]) == .success)
        clock.advance(by: .milliseconds(62_345))
        #expect(runner.run(["pause", "build"]) == .success)
        output.clear()
        for format in ["waybar", "i3blocks", "polybar", "tmux"] {
            #expect(runner.run(["status", "tea", "--format", format]) == .success)
            #expect(runner.run(["status", "build", "--format", format]) == .success)
        }
        // The end time in the tooltip is local time; the machine's zone is not the test's to pin.
        #expect(
            output.text.replacing(/, ends \d\d:\d\d/, with: ", ends HH:MM") == """
                {"alt":"running","class":"running","percentage":20,"text":"tea 03:58 left","tooltip":"tea 03:58 left, ends HH:MM"}
                {"alt":"paused","class":"paused","text":"build 01:02 paused","tooltip":"build 01:02 paused"}
                tea 03:58 left
                03:58 left
                #8ae234
                build 01:02 paused
                01:02 paused
                #fce94f
                %{F#8ae234}tea 03:58 left%{F-}
                %{F#fce94f}build 01:02 paused%{F-}
                #[fg=#8ae234]tea 03:58 left#[default]
                #[fg=#fce94f]build 01:02 paused#[default]

                """)
        output.clear()
        clock.advance(by: .seconds(300))
        #expect(runner.run(["status", "tea", "--format", "i3blocks"]) == .urgent, "urgent while expired")
        #expect(output.text == "tea 01:02 ago\n01:02 ago\n#ef2929\n")
        #expect(runner.run(["status", "tea", "--format", "waybar"]) == .success)
    }

    @Test func listQuietAnswersWhetherAnythingRunsByItsExitStatusAlone() {
        #expect(runner.run(["list", "--quiet"]) == .notApplicable, "nothing at all")
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["reset", "build"]) == .success)
        #expect(runner.run(["list", "--quiet"]) == .notApplicable, "a reset one is not running")
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["pause", "build"]) == .success)
        output.clear()
        #expect(runner.run(["list", "--quiet"]) == .success, "a paused one shows in a bar")
        #expect(runner.run(["list", "--quiet", "--countdowns"]) == .notApplicable, "no countdown runs")
        #expect(runner.run(["timer", "1s", "tea"]) == .success)
        clock.advance(by: .seconds(2))
        output.clear()
        #expect(runner.run(["list", "--quiet", "--countdowns"]) == .success, "an expired countdown shows too")
        #expect(output.text.isEmpty && messages.text.isEmpty)
        #expect(runner.run(["list", "--quiet", "--format", "waybar"]) == .usage)
    }

    @Test func aPercentageIsOfWholeSecondsSoItChangesOnlyWithTheBarsTime() {
        #expect(runner.run(["timer", "7s", "egg"]) == .success)
        output.clear()
        clock.advance(by: .milliseconds(999))
        #expect(runner.run(["status", "egg", "--format", "{percent} {left_s}"]) == .success)
        clock.advance(by: .milliseconds(1))
        #expect(runner.run(["status", "egg", "--format", "{percent} {left_s}"]) == .success)
        #expect(output.text == "0 00:07\n14 00:06\n")
    }

    @Test func listFormatShowsTheMostPressingOneAndHowManyMoreOrNothing() {
        #expect(runner.run(["list", "--format", "waybar"]) == .success)
        #expect(output.text.isEmpty && messages.text.isEmpty, "nothing to show hides the module")
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["start", "held"]) == .success)
        #expect(runner.run(["pause", "held"]) == .success)
        #expect(runner.run(["timer", "10m", "tea"]) == .success)
        #expect(runner.run(["timer", "5m", "egg"]) == .success)
        #expect(runner.run(["start", "idle"]) == .success)
        #expect(runner.run(["reset", "idle"]) == .success)
        output.clear()
        #expect(runner.run(["list", "--format", "tmux"]) == .success)
        #expect(runner.run(["list", "--format", "{name} {left_s}{more}"]) == .success)
        #expect(runner.run(["--format=[{text}]"]) == .success, "bare stopwatch --format is list --format")
        #expect(
            output.text == "#[fg=#8ae234]egg 05:00 left +3#[default]\negg 05:00 +3\n[egg 05:00 left]\n",
            "the countdown nearest zero first")
        output.clear()
        #expect(runner.run(["list", "--format", "waybar"]) == .success)
        #expect(output.text.contains(#""tooltip":"egg 05:00 left, ends "#), "in whole seconds, as the text")
        #expect(output.text.contains(#"\ntea 10:00 left, ends "#))
        #expect(
            output.text.contains(#"\nbuild 00:00\nheld 00:00 paused"}"#), "then running, then paused; no initial one")
        output.clear()
        clock.advance(by: .seconds(301))
        #expect(runner.run(["list", "--format", "i3blocks"]) == .urgent, "an expired countdown comes first, urgent")
        #expect(output.text == "egg 00:01 ago +3\n00:01 ago +3\n#ef2929\n")
        #expect(runner.run(["list", "--format", "waybar", "--json"]) == .usage)
    }

    @Test func noColorTakesTheColoursOutOfTheBarFormats() {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: output, messages: messages,
            terminal: TerminalCapabilities(noColor: true)
        )
        let runner = CommandRunner(output: output, messages: messages, makeContainer: { container })
        #expect(runner.run(["start", "build"]) == .success)
        output.clear()
        for format in ["i3blocks", "polybar", "tmux"] {
            #expect(runner.run(["status", "build", "--format", format]) == .success)
        }
        #expect(output.text == "build 00:00\n00:00\nbuild 00:00\nbuild 00:00\n")
    }

    @Test func toggleStartsPausesAndResumesWhicheverApplies() {
        #expect(runner.run(["toggle", "bar"]) == .success)
        clock.advance(by: .seconds(3))
        #expect(runner.run(["toggle", "bar"]) == .success)
        clock.advance(by: .seconds(60))
        #expect(runner.run(["toggle", "bar"]) == .success)
        clock.advance(by: .seconds(1))
        #expect(runner.run(["toggle", "bar", "--json"]) == .success)
        let lines = output.text.split(separator: "\n")
        #expect(Array(lines.prefix(3)) == ["bar: running 00:00.00", "bar: paused 00:03.00", "bar: running 00:03.00"])
        #expect(lines.last?.contains(#""status":"paused""#) == true)
        #expect(messages.text.isEmpty)
    }

    @Test func listCountdownsShowsCountdownsOnlyWhateverTheirStatus() {
        #expect(runner.run(["list", "--countdowns"]) == .success)
        #expect(output.text.isEmpty)
        #expect(messages.text == "no countdowns; 'stopwatch timer 25m' starts one\n")
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["timer", "5m", "tea"]) == .success)
        #expect(runner.run(["timer", "1m", "egg"]) == .success)
        #expect(runner.run(["reset", "egg"]) == .success)
        output.clear()
        #expect(runner.run(["list", "--countdowns", "--names"]) == .success)
        #expect(output.text == "egg\ntea\n")
        output.clear()
        #expect(runner.run(["list", "--countdowns"]) == .success)
        #expect(
            output.text.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == [
                "NAME", "egg", "tea",
            ])
    }

    @Test func aRefusalIsOneLineOnStandardErrorSaysWhatToDoAndExitsOne() {
        #expect(runner.run(["start"]) == .success)
        clock.advance(by: .milliseconds(2_110))
        output.clear()
        #expect(runner.run(["start"]) == .notApplicable)
        #expect(runner.run(["reset"]) == .success)
        #expect(runner.run(["resume"]) == .notApplicable)
        #expect(output.text == "default: initial 00:00.00\n")
        #expect(
            messages.text == """
                stopwatch: cannot start 'default': it is already running (00:02.11); 'stopwatch restart' starts it over
                stopwatch: cannot resume 'default': it is reset; start it with 'stopwatch start'

                """)
    }

    @Test func aNameNeverCreatedIs66WithTheClosestNameSuggested() {
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["status", "biuld", "--format", "ms"]) == .noInput)
        #expect(runner.run(["pause", "xyz"]) == .noInput)
        #expect(
            messages.text
                == "stopwatch: no such stopwatch 'biuld' (did you mean 'build'?)\nstopwatch: no such stopwatch 'xyz'\n")
    }

    @Test func anUnknownCommandThatNamesAStopwatchSuggestsItsStatus() {
        #expect(runner.run(["start", "build"]) == .success)
        #expect(runner.run(["build"]) == .usage)
        #expect(
            messages.text
                == "stopwatch: unknown command 'build'; 'stopwatch status build' shows the stopwatch of that name\n")
    }

    @Test func runsOwnFailuresExit125() {
        #expect(runner.run(["run", "--bogus", "--", "true"]) == .runFailed)
        #expect(runner.run(["start", "x"]) == .success)
        #expect(runner.run(["pause", "x"]) == .success)
        #expect(runner.run(["run", "x", "--", "true"]) == .runFailed)
        #expect(
            messages.text.hasSuffix(
                "stopwatch: cannot record a run in 'x': it is paused (00:00.00); 'stopwatch resume x' goes on\n"))
    }

    @Test func usageErrorsNeverBuildTheContainerButForAWordThatMayBeAName() {
        let runner = CommandRunner(
            output: output, messages: messages,
            makeContainer: {
                Issue.record("the container was built for a usage error")
                throw StoreFailure(.cannotCreate, path: "x", reason: .homeUnset)
            })
        #expect(runner.run(["start", "a/b"]) == .usage)
        #expect(runner.run(["--help"]) == .success)
        #expect(runner.run(["--version"]) == .success)
        #expect(output.text.hasPrefix("Usage: stopwatch [COMMAND]"))
        #expect(output.text.hasSuffix("stopwatch \(CommandCatalog.version)\n"))
    }

    @Test func deleteIsSilentAndAnUnknownNameExits66() {
        #expect(runner.run(["start", "x"]) == .success)
        output.clear()
        #expect(runner.run(["delete", "x"]) == .success)
        #expect(runner.run(["delete", "x"]) == .noInput)
        #expect(output.text.isEmpty)
        #expect(messages.text == "stopwatch: no such stopwatch 'x'\n")
    }

    @Test func theOverviewShowsWhatRunsOrIsPausedOrAHint() {
        #expect(runner.run([]) == .success)
        #expect(messages.text == "no stopwatches yet; 'stopwatch start' starts one\n")
        #expect(runner.run(["start", "a"]) == .success)
        #expect(runner.run(["start", "b"]) == .success)
        #expect(runner.run(["reset", "b"]) == .success)
        output.clear()
        #expect(runner.run([]) == .success)
        #expect(output.text == "NAME  STATUS       TIME  LAPS\na     running  00:00.00     0\n")
        #expect(runner.run(["reset", "a"]) == .success)
        messages.clear()
        #expect(runner.run([]) == .success)
        #expect(messages.text == "none is running or paused; 'stopwatch list' shows the 2 there are\n")
    }
}

/// A cycle through the runner on fakes: every surface renders the one phase reading.
@Suite struct CycleRunnerTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    var runner: CommandRunner {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: messages)
        return CommandRunner(output: output, messages: messages, makeContainer: { container })
    }

    func run(_ words: String...) -> String {
        output.clear()
        _ = runner.run(words)
        return output.text
    }

    @Test func everySurfaceShowsThePhaseAtFractionalTimes() {
        #expect(
            run("cycle", "focus", "work=25m", "rest=5m", "--rounds", "2")
                == "focus: running work 1/2 25:00.00 left of 25:00.00\n", "numbered by round")
        clock.advance(by: .milliseconds(25 * 60_000 + 1_234))
        #expect(
            run("status", "focus") == "focus: running rest 1/2 04:58.77 left of 05:00.00\n",
            "the house rule: 5:00 less the truncated 00:01.23")
        #expect(
            run("status", "focus", "--format", "{phase} {phase_index} {phase_left} {phase_left_s} {next} {left_s}")
                == "rest 2/4 04:58.77 04:59 work 34:59\n")
        #expect(
            run("status", "focus", "--format", "{round}") == "1/2\n",
            "the round, as the JSON's phase.round: once an unknown field")
        #expect(run("status", "focus", "--format", "waybar").contains(#""class":["running","rest"]"#))
        #expect(run("status", "focus", "--format", "waybar").contains(#""text":"focus rest 04:59 left""#))
        #expect(run("status", "focus", "--json").contains(#""kind":"cycle""#))
        #expect(
            run("status", "focus", "--json").contains(
                #""phase":{"count":4,"durationMicroseconds":300000000,"durationMilliseconds":300000,"endsAt":"2026-01-01T00:30:00.000000Z","label":"rest","next":"work","number":2,"overMicroseconds":0,"overMilliseconds":0,"remainingMicroseconds":298766000,"remainingMilliseconds":298766,"round":1,"rounds":2,"waiting":false}"#
            ))
        #expect(run("list").contains("focus  running  rest 1/2 04:58.77 left"))
        #expect(run("next", "focus") == "focus: running work 2/2 25:00.00 left of 25:00.00\n")
        clock.advance(by: .seconds(30 * 60))
        #expect(run("status", "focus").hasPrefix("focus: ended"))
        clock.advance(by: .zero)
        #expect(
            run("status", "focus") == "focus: ended 00:00.00 ago (cycle of 4 phases, ran 55:01.23)\n",
            "ended: its phases, and the run's length, next taken into account")
        #expect(runner.run(["next", "focus"]) == .notApplicable)
        #expect(messages.text.contains("cannot begin the next phase of 'focus': its last phase has ended"))
        #expect(
            run("dismiss", "focus") == "focus: initial work 1/2 25:00.00 left of 25:00.00\n",
            "dismissed: back to the first phase")
    }

    /// A cycle waiting for `next` is `waiting` on every surface, with its time over and no end
    /// (nothing ends until a person acts), and it comes before a countdown in a bar.
    @Test func aCycleWaitingForAPersonIsWaitingEverywhere() {
        #expect(
            runner.run(["cycle", "w", "work=10m", "rest=2m", "--rounds", "2", "--wait-before", "rest"]) == .success)
        #expect(runner.run(["timer", "5h", "tea"]) == .success)
        clock.advance(by: .milliseconds(10 * 60_000 + 12_345))
        #expect(
            run("status", "w", "--format", "waybar")
                == #"{"alt":"waiting","class":["waiting","work"],"percentage":100,"text":"w work 00:12 over","tooltip":"w work 00:12 over"}"#
                + "\n", "no 'ends': nothing will end")
        #expect(run("status", "w", "--format", "i3blocks").hasSuffix("#fcaf3e\n"))
        #expect(
            run("status", "w", "--format", "{status} {over} {over_s} {ends}|{phase_ends}|{phase_percent}")
                == "waiting 00:12.34 00:12 ||100\n", "over time as a countdown's; no end")
        #expect(run("status", "w", "--json").contains(#""expiresAt":null"#))
        #expect(run("status", "w", "--json").contains(#""endsAt":null"#))
        #expect(
            run("list", "--format", "{name} {status}{more}") == "w waiting +1\n",
            "it waits for a person: before any countdown")
        #expect(run("list").contains("w     waiting  work 1/2 00:12.34 over"))
        #expect(run("next", "w") == "w: running rest 1/2 02:00.00 left of 02:00.00\n")
        #expect(run("status", "w", "--format", "{status} {over_s}|{phase_ends}") == "running |00:12:12\n")
        #expect(run("pause", "w") == "w: paused rest 1/2 02:00.00 left of 02:00.00\n")
    }

    /// Every surface that shows one time left shows the phase's, and its end and share with it:
    /// a bar's text, `percentage` and tooltip, the plain numbers; the run's stay in `{left}`,
    /// `{percent}` and `{ends}`.
    @Test func theTimeLeftTheEndAndTheShareAreThePhasesOnEverySurface() {
        #expect(runner.run(["cycle", "focus", "work=20m", "rest=10m", "--rounds", "2"]) == .success)
        clock.advance(by: .seconds(5 * 60))
        #expect(
            run("status", "focus", "--format", "waybar")
                == #"{"alt":"running","class":["running","work"],"percentage":25,"text":"focus work 15:00 left","tooltip":"focus work 15:00 left, ends 00:20"}"#
                + "\n")
        #expect(run("status", "focus", "--format", "ms") == "900000\n", "the phase's, as its line")
        #expect(run("status", "focus", "--format", "s") == "900.000\n")
        #expect(
            run(
                "status", "focus", "--format", "{phase_left_s} {phase_percent} {phase_ends} | {left_s} {percent} {ends}"
            ) == "15:00 25 00:20 | 55:00 8 01:00\n")
        #expect(run("status", "focus", "--format", "i3blocks").hasPrefix("focus work 15:00 left\n"))
        #expect(run("timer", "1h", "tea").hasPrefix("tea: running"))
        #expect(
            run("list", "--format", "waybar").contains(
                #""tooltip":"focus work 15:00 left, ends 00:20\ntea 1:00:00 left, ends 01:05""#))
    }

    /// `timer CYCLE --add` changes the phase it is in, as it does a countdown's time left.
    @Test func timeAddedToACycleGoesToThePhaseItIsIn() {
        #expect(runner.run(["cycle", "focus", "work=20m", "rest=10m", "--rounds", "1"]) == .success)
        clock.advance(by: .seconds(5 * 60))
        #expect(run("timer", "focus", "--add", "5m") == "focus: running work 1/1 20:00.00 left of 25:00.00\n")
        #expect(
            run("timer", "focus", "--add", "-1h") == "focus: running rest 1/1 10:00.00 left of 10:00.00\n",
            "never below what it ran: work ends now")
        clock.advance(by: .seconds(11 * 60))
        #expect(runner.run(["timer", "focus", "--add", "5m"]) == .notApplicable)
        #expect(
            messages.text.contains(
                "cannot add time to 'focus': its last phase has ended (01:00.00 ago); 'stopwatch restart focus' starts the cycle over"
            ))
        #expect(runner.run(["start", "sw"]) == .success)
        #expect(runner.run(["timer", "sw", "--add", "5m"]) == .notApplicable)
        #expect(messages.text.contains("cannot add time to 'sw': it is a stopwatch, not a countdown or a cycle"))
    }

    @Test func aCycleInUseIsNotReplacedButAnEndedOneIs() {
        #expect(runner.run(["cycle", "x", "a=1s", "--rounds", "1"]) == .success)
        #expect(runner.run(["cycle", "x"]) == .notApplicable)
        #expect(
            messages.text.contains(
                "cannot create cycle 'x': it is running (a 1/1 00:01.00 left); use --force to replace it"))
        clock.advance(by: .seconds(2))
        #expect(runner.run(["cycle", "x"]) == .success)
        #expect(runner.run(["start", "sw"]) == .success)
        #expect(runner.run(["cycle", "sw"]) == .notApplicable)
        #expect(runner.run(["cycle", "sw", "--force"]) == .success)
        #expect(runner.run(["next", "tea"]) == .noInput)
    }

    @Test func aCycleThatWaitsShowsItsOvertimeAndNextBeginsThePhase() {
        #expect(
            run("cycle", "w", "work=10m", "rest=2m", "--wait-before", "rest")
                == "w: running work 1 10:00.00 left of 10:00.00\n")
        clock.advance(by: .milliseconds(10 * 60_000 + 12_345))
        #expect(run("status", "w") == "w: waiting work 1 00:12.34 over; 'stopwatch next w' begins rest\n")
        #expect(run("status", "w", "--format", "{text}") == "w work 00:12 over\n")
        #expect(run("status", "w", "--json").contains(#""waiting":true"#))
        #expect(run("status", "w", "--json").contains(#""status":"waiting""#))
        #expect(run("next", "w") == "w: running rest 1 02:00.00 left of 02:00.00\n")
        #expect(runner.run(["cycle", "x", "a=1m", "--wait-before", "b"]) == .usage)
        #expect(messages.text.contains("'--wait-before b': the cycle has no phase 'b'; its phases are a"))
    }
}
