import Glibc
import StopwatchCore
import StopwatchPlatform
import Testing

@Suite struct ExitCodeTests {
    struct Unexpected: Error {}

    @Test func everyErrorHasItsDocumentedStatus() {
        #expect(ExitCode(for: UsageError(.missingDuration)).rawValue == 64)
        let clock = TimeReading(wall: .zero, boot: .zero, bootSession: BootSession("b"))
        #expect(ExitCode(for: StopwatchError.notApplicable(.pause, .initial(.default), at: clock)).rawValue == 1)
        #expect(ExitCode(for: StopwatchError.noSuchStopwatch(.default)).rawValue == 66)
        #expect(ExitCode(for: StopwatchError.invalidLabel("a\nb", .controlCharacter)).rawValue == 64)
        #expect(ExitCode(for: StoreFailure(.invalidData, path: "p", reason: .empty)).rawValue == 65)
        #expect(ExitCode(for: StoreFailure(.cannotCreate, path: "p", reason: .empty)).rawValue == 73)
        #expect(ExitCode(for: StoreFailure(.ioError, path: "p", reason: .empty)).rawValue == 74)
        #expect(ExitCode(for: Unexpected()).rawValue == 70)
    }

    @Test func runsOwnFailuresAreAll125ButTheCommandsLaunchKeepsItsStatus() {
        let run = Command.run(.init(arguments: ["make"]))
        #expect(ExitCode(for: UsageError(.missingDuration), in: run).rawValue == 125)
        #expect(ExitCode(for: StopwatchError.noSuchStopwatch(.default), in: run).rawValue == 125)
        #expect(ExitCode(for: StoreFailure(.invalidData, path: "p", reason: .empty), in: run).rawValue == 125)
        #expect(ExitCode(for: ChildProcess.LaunchError.notFound("x"), in: run).rawValue == 127)
        #expect(ExitCode(for: ChildProcess.LaunchError.cannotRun("x", errno: EACCES), in: run).rawValue == 126)
        #expect(ExitCode(for: UsageError(.missingDuration), in: .overview).rawValue == 64)
    }

    @Test func theExitCodesHelpAndTheManualPrintAreExitCodesOwn() {
        let help = CommandHelp.text(for: nil)
        let section = help.components(separatedBy: "Exit codes:\n").dropFirst().first ?? ""
        let rows = section.split(separator: "\n").prefix { $0.hasPrefix("  ") }
        // A row's codes stand before the two spaces that start its meaning: `  129, 130, 143  watch…`.
        let printed = Set(
            rows.flatMap { row in
                row.drop { $0 == " " }.components(separatedBy: "  ")[0].split(separator: ", ").compactMap { Int32($0) }
            })
        #expect(printed == Set(ExitCode.documented.map(\.rawValue)))
        #expect(Set(CommandCatalog.exitCodes.flatMap(\.codes)) == Set(ExitCode.documented))
        let manual = ManualPage.text.components(separatedBy: ".SH \"EXIT STATUS\"\n")[1].components(
            separatedBy: ".SH ")[0]
        let documented = Set(
            manual.split(separator: "\n").filter { $0.hasPrefix(".B ") }.flatMap {
                $0.dropFirst(3).split(separator: ", ").compactMap { Int32($0) }
            })
        #expect(documented == Set(ExitCode.documented.map(\.rawValue)))
    }

    @Test func aListingFailureTakesTheWorstStatus() {
        let failures = StopwatchListFailures(errors: [
            StoreFailure(.invalidData, path: "a", reason: .empty), StoreFailure(.ioError, path: "b", reason: .empty),
        ])
        #expect(ExitCode(for: failures).rawValue == 74)
    }
}
