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

extension SimulationRegressionTests {
    /// The away watcher hearing a lock at once with an undo that brings a cycle back and a
    /// countdown begun in place of another: it stood the new countdown, under the name it had
    /// listed, but not the cycle brought back, which no order of the three gives. It now lists
    /// again where a run began meanwhile, and stands both.
    @Test func case32TheWatcherStandsOnlyTheRunsItListed() {
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["timer", "1m", "work", "--force"]),
                .suspend(machine: Self.laptop, .seconds(7200)),
                .together(
                    machine: Self.laptop,
                    [
                        ["edit", "tea", "--away", "drop"], ["resume", "work"], ["@away", "ends"],
                        ["cycle", "tea", "work=25m", "break=10m", "--rounds", "1", "--force"],
                    ], seed: 1_251_184_912_312_858_645),
                .command(machine: Self.laptop, ["start", "focus"]),
                .together(
                    machine: Self.laptop,
                    [
                        ["@away", "begins", "lock"], ["list", "--json"], ["reset", "tea"],
                        ["list", "--format", "{name} {left_s}"],
                    ], seed: 1_198_104_205_233_673_726),
                .awayEnds(machine: Self.laptop),
                .together(
                    machine: Self.laptop,
                    [["undo"], ["timer", "11m", "work", "--away", "drop"], ["@away", "begins", "lock"]],
                    seed: 2_294_333_139_856_489_109),
            ], seed: 47_779_843_842)
    }

    /// A booking on a run paused or reset since the watcher listed it books nothing, and the
    /// watcher does not count it booked (it asked about it, and the simulation saw a name no
    /// order gives).
    @Test func case33ABookingOnARunPausedMeanwhileIsNone() {
        expectNothingLost(
            (0..<12).flatMap { seed -> [SimulationStep] in
                [
                    .command(machine: Self.laptop, ["start", "tea"]),
                    .awayBegins(machine: Self.laptop, idle: false),
                    .wait(.seconds(60)),
                    .together(machine: Self.laptop, [["pause", "tea"], ["@away", "ends"]], seed: seed),
                ]
            })
    }
}
