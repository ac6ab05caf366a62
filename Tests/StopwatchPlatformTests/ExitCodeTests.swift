import StopwatchCore
import StopwatchPlatform
import Testing

@Suite struct ExitCodeTests {
    struct Unexpected: Error {}

    @Test func everyErrorHasItsDocumentedStatus() {
        #expect(ExitCode(for: UsageError("x")).rawValue == 64)
        #expect(ExitCode(for: StopwatchError.notApplicable(.default, command: "pause", reason: "x")).rawValue == 1)
        #expect(ExitCode(for: StopwatchError.noSuchStopwatch(.default)).rawValue == 66)
        #expect(ExitCode(for: StoreFailure(.invalidData, path: "p", reason: "r")).rawValue == 65)
        #expect(ExitCode(for: StoreFailure(.cannotCreate, path: "p", reason: "r")).rawValue == 73)
        #expect(ExitCode(for: StoreFailure(.ioError, path: "p", reason: "r")).rawValue == 74)
        #expect(ExitCode(for: Unexpected()).rawValue == 70)
    }

    @Test func aListingFailureTakesTheWorstStatus() {
        let failures = StopwatchListFailures(errors: [
            StoreFailure(.invalidData, path: "a", reason: "r"), StoreFailure(.ioError, path: "b", reason: "r"),
        ])
        #expect(ExitCode(for: failures).rawValue == 74)
    }
}
