import StopwatchTestSupport
import Testing

/// Cases found once the simulation ran commands at once and the away policy changed mid-stretch.
extension SimulationRegressionTests {
    /// `edit work --away keep` while the cycle stood still for a lock: once somebody is back, the
    /// stretch counts in its time (the policy now keeps it); the model had it stand on.
    @Test func case29AStandKeptBeforeItEndsCounts() {
        expectNothingLost([
            .command(machine: Self.laptop, ["cycle", "work", "work=24m", "break=5m"]),
            .awayBegins(machine: Self.laptop, idle: false),
            .command(machine: Self.laptop, ["edit", "work", "--away", "keep"]),
            .wait(.seconds(30)),
            .awayEnds(machine: Self.laptop),
        ])
    }

    /// A bar's click and a reset at once: the click picked the cycle while it ran and toggled it
    /// as stored after the reset (started it), as `toggle focus` would; no order of the two as
    /// typed gives that, and the simulation takes the click as what it did.
    @Test func case30ABarsClickRacingAResetActsOnWhatTheResetLeft() {
        expectNothingLost(
            (0..<12).flatMap { seed -> [SimulationStep] in
                [
                    .command(machine: Self.laptop, ["cycle", "focus", "work=16m", "break=1m", "--force"]),
                    .together(machine: Self.laptop, [["toggle", "--shown"], ["reset", "focus"]], seed: seed),
                ]
            })
    }

    /// Two starts, two laps and three bars at once, on every interleaving the seeds draw: each
    /// start and lap is taken once, and every bar reads what one order of them leaves.
    @Test func case31StartsLapsAndBarsAtOnce() {
        expectNothingLost(
            (0..<12).flatMap { seed -> [SimulationStep] in
                [
                    .together(machine: Self.laptop, [["start", "work"], ["start", "tea"]], seed: seed),
                    .together(
                        machine: Self.laptop,
                        [["lap", "work"], ["lap", "work"], ["status", "work", "--format", "waybar"]], seed: seed),
                    .together(
                        machine: Self.laptop,
                        [
                            ["list", "--format", "{name} {left_s}"], ["status", "--format", "i3blocks"],
                            ["reset", "tea"],
                        ],
                        seed: seed),
                    .wait(.seconds(5)),
                ]
            })
    }
}
