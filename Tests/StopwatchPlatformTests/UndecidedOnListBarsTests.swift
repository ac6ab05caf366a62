import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// A list's bar shows the most pressing run; one beside it whose away time waits for a decision
/// (`--away ask`) still marks the bar: waybar's `away` class, its tooltip line, i3blocks urgent.
@Suite struct UndecidedOnListBarsTests {
    let directory = TemporaryDirectory()

    @Test func anUndecidedRunBesideTheOneShownMarksTheBar() {
        let laptop = SeveralMachinesTests.Machine(
            name: "laptop", home: directory.file("state"), clockOffset: .zero, seed: 1,
            zone: ManualTimeZone(offset: .zero))
        #expect(laptop.run(["start", "a", "--away", "ask"]).status == .success)
        #expect(laptop.run(["timer", "10m", "t"]).status == .success)
        laptop.clock.suspend(for: .seconds(60))
        let waybar = laptop.run(["list", "--format", "waybar"]).output
        #expect(waybar.contains(#""class":["running","away"]"#), "\(waybar)")
        #expect(waybar.contains(#"\na 01:00, away undecided""#), "\(waybar)")
        #expect(laptop.run(["list", "--format", "i3blocks"]).status == .urgent)
    }
}
