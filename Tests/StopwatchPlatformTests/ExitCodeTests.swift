import StopwatchCore
import StopwatchPlatform
import Testing

@Suite struct ExitCodeTests {
    struct Unexpected: Error {}

    @Test func everyErrorHasItsDocumentedStatus() {
        #expect(ExitCode(for: UsageError("x")).rawValue == 64)
        let clock = TimeReading(wall: .zero, boot: .zero, bootSession: BootSession("b"))
        #expect(ExitCode(for: StopwatchError.notApplicable(.pause, .initial(.default), at: clock)).rawValue == 1)
        #expect(ExitCode(for: StopwatchError.noSuchStopwatch(.default)).rawValue == 66)
        #expect(ExitCode(for: StopwatchError.invalidLabel("a\nb", reason: "r")).rawValue == 64)
        #expect(ExitCode(for: StoreFailure(.invalidData, path: "p", reason: "r")).rawValue == 65)
        #expect(ExitCode(for: StoreFailure(.cannotCreate, path: "p", reason: "r")).rawValue == 73)
        #expect(ExitCode(for: StoreFailure(.ioError, path: "p", reason: "r")).rawValue == 74)
        #expect(ExitCode(for: Unexpected()).rawValue == 70)
    }

    @Test func runsOwnFailuresAreAll125ButTheCommandsLaunchKeepsItsStatus() {
        let run = Command.run(.init(arguments: ["make"]))
        #expect(ExitCode(for: UsageError("x"), in: run).rawValue == 125)
        #expect(ExitCode(for: StopwatchError.noSuchStopwatch(.default), in: run).rawValue == 125)
        #expect(ExitCode(for: StoreFailure(.invalidData, path: "p", reason: "r"), in: run).rawValue == 125)
        #expect(ExitCode(for: ChildProcess.LaunchError.notFound("x"), in: run).rawValue == 127)
        #expect(ExitCode(for: ChildProcess.LaunchError.cannotRun("x", reason: "r"), in: run).rawValue == 126)
        #expect(ExitCode(for: UsageError("x"), in: .overview).rawValue == 64)
    }

    @Test func aListingFailureTakesTheWorstStatus() {
        let failures = StopwatchListFailures(errors: [
            StoreFailure(.invalidData, path: "a", reason: "r"), StoreFailure(.ioError, path: "b", reason: "r"),
        ])
        #expect(ExitCode(for: failures).rawValue == 74)
    }
}
