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
        let container = DependencyContainer(store: store, timeSource: clock, output: output, messages: messages)
        return CommandRunner(output: output, messages: messages, makeContainer: { container })
    }

    @Test func aCommandPrintsItsResultOnStandardOutput() {
        #expect(runner.run(["start", "tea"]) == .success)
        clock.advance(by: .seconds(61))
        #expect(runner.run(["lap", "tea", "--label", "steep"]) == .success)
        #expect(output.text == "tea: running 00:00.00\ntea: lap 1 01:01.00 (total 01:01.00) steep\n")
        #expect(messages.text.isEmpty)
    }

    @Test func aRefusalIsOneLineOnStandardErrorAndExitsOne() {
        #expect(runner.run(["pause"]) == .notApplicable)
        #expect(output.text.isEmpty)
        #expect(messages.text == "stopwatch: cannot pause 'default': it is not running\n")
    }

    @Test func usageErrorsNeverBuildTheContainer() {
        let runner = CommandRunner(output: output, messages: messages, makeContainer: {
            Issue.record("the container was built for a usage error")
            throw StoreFailure(.cannotCreate, path: "x", reason: "y")
        })
        #expect(runner.run(["start", "a/b"]) == .usage)
        #expect(runner.run(["--help"]) == .success)
        #expect(runner.run(["--version"]) == .success)
        #expect(output.text.hasPrefix("Usage: stopwatch [COMMAND]"))
        #expect(output.text.hasSuffix("stopwatch 0.2.0\n"))
    }

    @Test func deleteIsSilentAndAnUnknownNameExits66() {
        #expect(runner.run(["start", "x"]) == .success)
        #expect(runner.run(["delete", "x"]) == .success)
        #expect(runner.run(["delete", "x"]) == .noInput)
        #expect(messages.text == "stopwatch: no stopwatch named 'x'\n")
    }
}
