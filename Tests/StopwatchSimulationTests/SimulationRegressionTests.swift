import Foundation
import StopwatchTestSupport
import Testing

/// The shortest sequences the simulation found defects with, or that the issue reported, each
/// kept as a test of its own: each fails when its fix is taken out.
@Suite struct SimulationRegressionTests {
    /// Runs `steps` on a new simulation of `machines` (its ids and torn writes drawn from `seed`),
    /// every check after each, and every surface at the end; records what went wrong, with the
    /// steps, as the simulation reports it.
    func expectNothingLost(
        _ steps: [SimulationStep], machines: Int = 1, seed: UInt64 = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let failure = SimulationShrinker.failure(of: steps, machines: machines, seed: seed) {
            Issue.record(
                Comment(rawValue: SimulationShrinker.report(steps, failure: failure, machines: machines, seed: seed)),
                sourceLocation: sourceLocation)
        }
    }

    static let laptop = 0, desktop = 1

    @Test func case1APlanSavedWithNotifyStartsAgain() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "work=90m", "rest=20m", "--rounds", "2", "--notify", "--save", "deep"]),
            .wait(.seconds(60)),
            .command(machine: 0, ["cycle", "tomorrow", "--plan", "deep"]),
        ])
    }

    @Test func case2TimeAddedToTheFirstPhaseThenNext() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "focus", "work=30s", "break=10s", "--rounds", "2"]),
            .command(machine: 0, ["timer", "focus", "--add", "10s"]),
            .command(machine: 0, ["next", "focus"]),
            .wait(.seconds(5)),
            .command(machine: 0, ["lap", "focus"]),
        ])
    }

    @Test func case3ARunInProgressRemovedThenUndoneKeepsItsLaps() {
        expectNothingLost([
            .command(machine: 0, ["start", "w", "--ago", "20m"]),
            .command(machine: 0, ["lap", "w"]),
            .command(machine: 0, ["remove", "w"]),
            .command(machine: 0, ["undo"]),
            .command(machine: 0, ["laps", "w"]),
        ])
    }

    @Test func case4AnUndoPutsAnotherMachinesStopwatchBackAsThatMachines() {
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["start", "work"]),
                .settle,
                .command(machine: Self.desktop, ["delete", "work"]),
                .command(machine: Self.desktop, ["undo"]),
                .settle,
                .wait(.seconds(60)),
                .command(machine: Self.laptop, ["pause", "work"]),
                .command(machine: Self.desktop, ["start", "work"]),
            ], machines: 2)
    }

    @Test func case5AWaitForAPersonBooksNothing() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "c", "work=1s", "break=1s", "--rounds", "1", "--wait-before", "break"]),
            .wait(.seconds(3600)),
            .command(machine: 0, ["goal", "2h"]),
            .command(machine: 0, ["next", "c"]),
            .wait(.seconds(2)),
            .command(machine: 0, ["dismiss", "c"]),
        ])
    }

    @Test func case6NamesAndTagsComeBackThroughTimewarriorsFormat() {
        expectNothingLost([
            .command(machine: 0, ["track", "@ago:3600", "@ago:600", "work", "--tag", "client-a,billable"]),
            .roundTrip(machine: 0, watson: false),
            .roundTrip(machine: 0, watson: true),
            .importRuns(
                machine: 0,
                [
                    ImportedRun(
                        name: "meeting", tags: ["client-b"],
                        start: Simulation.start.components.seconds * 1_000_000 - 7_200_000_000,
                        end: Simulation.start.components.seconds * 1_000_000 - 3_600_000_000)
                ], watson: false),
        ])
    }

    @Test func case7ALineOfHistoryEditedByHandIsReportedAndKept() {
        expectNothingLost([
            .command(machine: 0, ["track", "@ago:7200", "@ago:3600", "work"]),
            .command(machine: 0, ["track", "@ago:3000", "@ago:600", "work"]),
            .editHistoryByHand(machine: 0, seed: 7),
            .command(machine: 0, ["start", "tea"]),
            .command(machine: 0, ["reset", "tea"]),
        ])
    }

    /// The harness, not the tool: keys pressed in one live view each made a change, and the
    /// model took the last change's id for the first, so it lost the second's run.
    @Test func case8EachChangeMadeInOneLiveViewIsTaken() {
        expectNothingLost([
            .command(machine: 0, ["start", "tea", "--away", "drop"]),
            .wait(.seconds(600)),
            .keys(machine: 0, name: "tea", "rr rr"),
        ])
    }

    /// A night dropped, the run split, and both parts decided kept: each part once had the
    /// whole night, so it was booked twice.
    @Test func case9ASplitRunsAwayTimeIsBookedOnceWhenBothPartsAreDecided() {
        expectNothingLost([
            .command(machine: 0, ["start", "work", "--away", "drop"]),
            .wait(.seconds(600)),
            .suspend(machine: 0, .seconds(28_800)),
            .wait(.seconds(600)),
            .command(machine: 0, ["reset", "work"]),
            .command(machine: 0, ["split", "@ended:0", "@mid:0"]),
            .command(machine: 0, ["edit", "@ended:0", "--away", "keep"]),
            .command(machine: 0, ["edit", "@ended:1", "--away", "keep"]),
            .command(machine: 0, ["undo"]),
            .command(machine: 0, ["join", "@ended:0", "@ended:1"]),
        ])
    }

    /// The harness, not the tool: a run begun and reset in the instant its removed run began,
    /// then begun again, all in one live view; the model took the last run's id for the first.
    @Test func case10RunsBegunInOneInstantInOneLiveViewAreToldApart() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "focus", "work=15m", "break=3m", "--force"]),
            .command(machine: 0, ["remove", "focus"]),
            .keys(machine: 0, name: "focus", " rr "),
        ])
    }

    /// A lunch locked and dropped, a pause told back into it, and what is left of it booked as
    /// a run of its own: the pause took back the whole stretch as though counted (a dropped
    /// lunch cost as much work before it), and could not reach back past it at all.
    @Test func case11APauseToldBackIntoADroppedLunchTakesBackOnlyTheTimeCounted() {
        expectNothingLost([
            .command(machine: 0, ["start", "work", "--away", "drop"]),
            .wait(.seconds(300)),
            .away(machine: 0, idle: false, .seconds(3_600), asleep: .zero),
            .wait(.seconds(120)),
            .command(machine: 0, ["pause", "work", "--ago", "30m"]),
            .command(machine: 0, ["edit", "work", "--away-as", "lunch"]),
            .command(machine: 0, ["start", "tea", "--away", "ask"]),
            .away(machine: 0, idle: true, .seconds(2_700), asleep: .seconds(28_800)),
            .command(machine: 0, ["pause", "tea", "--ago", "62m"]),
            .command(machine: 0, ["edit", "tea", "--away-as", "sleep"]),
            .command(machine: 0, ["undo"]),
            .command(machine: 0, ["reset", "tea"]),
        ])
    }

    /// The harness, not the tool: a run begun and reset by keys in one live view, begun again by
    /// `restart` in the same instant; the model had not learned the reset run's id, took the
    /// new run for it, and expected the reset's undo to go through (the tool refuses it: the
    /// stopwatch changed since).
    @Test func case12AnUndoTellsTheRunBegunSinceFromTheOneReset() {
        expectNothingLost([
            .keys(machine: 0, name: "tea", " rr"),
            .command(machine: 0, ["restart", "tea"]),
            .command(machine: 0, ["undo"]),
        ])
    }

    /// Issue 61, sequence 2: a cycle that drops away time, locked 3 s in for 27 s, went through
    /// two work phases and two breaks while locked; it stands still from the lock to the unlock.
    @Test func case13ACycleLockedStandsStillThroughItsEdges() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "c", "work=10s", "break=5s", "--rounds", "3"]),
            .wait(.seconds(3)),
            .away(machine: 0, idle: false, .seconds(27), asleep: .zero),
            .command(machine: 0, ["status", "c"]),
            .wait(.seconds(8)),
            .command(machine: 0, ["reset", "c"]),
        ])
    }

    /// Issue 61, sequence 3: a countdown that drops away time, locked 2 s in for 10 s, reached
    /// zero while locked and was taken back at the unlock; it stands, with 6 s left after.
    @Test func case14ACountdownThatDropsHasItsTimeLeftAfterTheLock() {
        expectNothingLost([
            .command(machine: 0, ["timer", "8s", "train", "--away", "drop"]),
            .wait(.seconds(2)),
            .away(machine: 0, idle: false, .seconds(10), asleep: .zero),
            .wait(.seconds(3)),
            .command(machine: 0, ["status", "train"]),
            .wait(.seconds(4)),
            .command(machine: 0, ["dismiss", "train"]),
        ])
    }

    /// Issue 61, sequences 4 and 8: an expired countdown nobody dismissed collected every later
    /// lock; more time after its zero counted from the zero.
    @Test func case15NoAwayTimePastAZeroAndMoreTimeFromNow() {
        expectNothingLost([
            .command(machine: 0, ["timer", "4s", "t"]),
            .wait(.seconds(10)),
            .away(machine: 0, idle: false, .seconds(45), asleep: .zero),
            .command(machine: 0, ["timer", "t", "--add", "10s"]),
            .wait(.seconds(5)),
            .command(machine: 0, ["status", "t"]),
            .command(machine: 0, ["dismiss", "t"]),
        ])
    }

    /// Issue 61, sequence 5: under `--away ask`, the first decision set the run's policy for
    /// good, so the lunch after a kept coffee break was kept unasked; each stretch is decided
    /// on its own, the run split and joined with what was decided of each part.
    @Test func case16AskDecidesEachStretch() {
        expectNothingLost([
            .command(machine: 0, ["start", "work", "--away", "ask"]),
            .wait(.seconds(600)),
            .away(machine: 0, idle: false, .seconds(600), asleep: .zero),
            .command(machine: 0, ["edit", "work", "--away", "keep"]),
            .wait(.seconds(60)),
            .away(machine: 0, idle: false, .seconds(7200), asleep: .seconds(600)),
            .command(machine: 0, ["status", "work"]),
            .command(machine: 0, ["edit", "work", "--away", "drop"]),
            .command(machine: 0, ["edit", "work", "--away", "drop"]),
            .wait(.seconds(60)),
            .command(machine: 0, ["reset", "work"]),
            .command(machine: 0, ["split", "@ended:0", "@mid:0"]),
            .command(machine: 0, ["join", "@ended:0", "@ended:1"]),
        ])
    }

    /// Issue 61, several machines: a bar's click (`toggle --shown`) on the desktop's countdown,
    /// which the laptop's bar shows first, resumed the laptop's own paused `tea`; it is refused,
    /// changed there.
    @Test func case17ABarsClickOnAnotherMachinesStopwatch() {
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["start", "tea"]),
                .command(machine: Self.laptop, ["pause", "tea"]),
                .command(machine: Self.desktop, ["timer", "10m", "tea"]),
                .settle,
                .wait(.seconds(60)),
                .command(machine: Self.laptop, ["toggle", "--shown"]),
                .command(machine: Self.laptop, ["status", "tea"]),
                .settle,
            ], machines: 2)
    }

    /// Issue 61, several machines: `remove tea` where `tea` means the desktop's run in progress,
    /// the laptop's own `tea` reset, is refused (changed there), not taken for the laptop's.
    @Test func case18ARunAnotherMachineHoldsIsChangedThere() {
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["start", "tea"]),
                .wait(.seconds(60)),
                .command(machine: Self.laptop, ["reset", "tea"]),
                .command(machine: Self.desktop, ["start", "tea"]),
                .settle,
                .command(machine: Self.laptop, ["remove", "tea"]),
                .command(machine: Self.laptop, ["edit", "tea", "--away", "drop"]),
                .settle,
            ], machines: 2)
    }

    /// Issue 61, several machines: the laptop deletes the desktop's `tea`, and the desktop laps
    /// it before the sync: each machine sees the other's as the engine carried it, whichever
    /// reached the shared copy first.
    @Test(arguments: [true, false]) func case19ADeleteMeetsAChangeThere(laptopFirst: Bool) {
        let uploads: [SimulationStep] =
            laptopFirst
            ? [.upload(machine: Self.laptop, seed: 3), .upload(machine: Self.desktop, seed: 3)]
            : [.upload(machine: Self.desktop, seed: 3), .upload(machine: Self.laptop, seed: 3)]
        expectNothingLost(
            [
                .command(machine: Self.desktop, ["start", "tea"]),
                .settle,
                .wait(.seconds(30)),
                .command(machine: Self.laptop, ["delete", "tea"]),
                .command(machine: Self.desktop, ["lap", "tea"]),
            ] + uploads + [
                .settle,
                .command(machine: Self.laptop, ["undo"]),
                .settle,
                .wait(.seconds(30)),
                .command(machine: Self.desktop, ["reset", "tea"]),
                .settle,
            ], machines: 2)
    }

    /// Issue 61, the background: a stretch open across other steps. A script reads the cycle that
    /// stands (its time held, the stand away time), pauses it (the stand ends there, booked), and
    /// the watcher's booking at the unlock finds it paused.
    @Test func case20AStretchOpenAcrossCommands() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "c", "work=10m", "break=5m"]),
            .command(machine: 0, ["start", "w"]),
            .wait(.seconds(60)),
            .awayBegins(machine: 0, idle: false),
            .wait(.seconds(600)),
            .command(machine: 0, ["status", "c"]),
            .command(machine: 0, ["pause", "c"]),
            .wait(.seconds(60)),
            .awayEnds(machine: 0),
            .command(machine: 0, ["resume", "c"]),
            .wait(.seconds(60)),
            .command(machine: 0, ["reset", "c"]),
            .command(machine: 0, ["reset", "w"]),
        ])
    }

    /// Two machines each rebooted (a power cut, say) took one boot session (`boot-1`), so the laptop
    /// read the desktop's countdown on its own boot clock (-30 s booked); sessions are named after
    /// their machine, as boot ids never meet.
    @Test func case21TwoMachinesRebootedKeepTheirBootSessionsApart() {
        expectNothingLost(
            [
                .reboot(machine: Self.desktop, downtime: .seconds(30)),
                .reboot(machine: Self.laptop, downtime: .seconds(30)),
                .command(machine: Self.desktop, ["timer", "9m", "work"]),
                .settle,
                .command(machine: Self.laptop, ["delete", "work"]),
                .settle,
            ], machines: 2)
    }

    /// A cycle that kept a night locked, then lapped and given 10 s at the return: booking the night
    /// as tea left the run at 00:00 beside its lap at 8:45:00 and its phase 41. The lap and the
    /// phase change stand, as they do for a later start: the stretch stays (seed 1229003761047).
    @Test func case22ALapAfterAStretchKeepsItInTheRun() {
        expectNothingLost([
            .command(machine: 0, ["cycle", "work", "work=18m", "break=8m"]),
            .command(machine: 0, ["edit", "work", "--away", "keep"]),
            .away(machine: 0, idle: false, .seconds(31500), asleep: .seconds(28800)),
            .keys(machine: 0, name: "work", "+l+"),
            .command(machine: 0, ["edit", "work", "--away-as", "tea"]),
        ])
    }

    /// The model read a journal without its `countingSince`, so a stopwatch another machine's
    /// undo put back looked changed since, and a redo the tool rightly took was expected refused
    /// (seed 1908539317911).
    @Test func case23AStopwatchPutBackByAnotherMachineIsAsItWas() {
        expectNothingLost(
            [
                .awayBegins(machine: Self.laptop, idle: false),
                .command(machine: Self.laptop, ["start", "work"]),
                .wait(.seconds(120)),
                .reboot(machine: Self.laptop, downtime: .seconds(30)),
                .settle,
                .command(machine: Self.desktop, ["delete", "work"]),
                .command(machine: Self.desktop, ["undo"]),
                .settle,
                .command(machine: Self.laptop, ["redo"]),
            ], machines: 2)
    }

    /// An undo after a reboot put back a stopwatch standing while nobody was there: the tool ends
    /// the stand the reboot left open and books its time, the machine's downtime included, as
    /// away time; the model measured it on the boot clock only, 0 s (seed 1491792902178).
    @Test func case24AStandPutBackAfterARebootEndsThere() {
        expectNothingLost([
            .command(machine: 0, ["start", "tea", "--ago", "23m"]),
            .command(machine: 0, ["edit", "tea", "--away", "drop"]),
            .awayBegins(machine: 0, idle: false),
            .command(machine: 0, ["reset", "tea"]),
            .reboot(machine: 0, downtime: .seconds(30)),
            .command(machine: 0, ["undo"]),
        ])
    }

    /// A redo of the delete of this machine's own stopwatch, reset, while another machine's of
    /// its name ran: the name meant the other machine's, which the redo took off every machine
    /// (seed 183156068061).
    @Test func case25ARedoOfADeleteTakesThisMachinesOwn() {
        expectNothingLost(
            [
                .command(machine: Self.desktop, ["toggle", "tea"]),
                .command(machine: Self.laptop, ["cycle", "tea", "work=14m", "break=4m", "--force"]),
                .command(machine: Self.desktop, ["reset", "tea"]),
                .command(machine: Self.desktop, ["delete", "tea"]),
                .command(machine: Self.desktop, ["undo"]),
                .settle,
                .command(machine: Self.desktop, ["redo"]),
            ], machines: 2)
    }

    /// `edit RUN --away drop` of the laptop's run on the desktop, whose clock is hours behind:
    /// refused as "in the future" for the end it left as it was, and so was the command a refused
    /// `join` offered (seed 180501632292).
    @Test func case26AnEditOfARunEndedAheadOfThisClock() {
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["start", "work"]),
                .wait(.seconds(600)),
                .command(machine: Self.laptop, ["reset", "work"]),
                .settle,
                .command(machine: Self.desktop, ["edit", "work", "--away", "drop", "--tag", "x1"]),
            ], machines: 2)
    }

    /// Notifications about a run's away time answered as the watcher carries answers out: one a
    /// run, a later stretch's taking its place and naming all that is undecided; Drop decides
    /// what it named; an answer to what `edit --away` decided first changes nothing; "Book as…"
    /// books the last stretch; after a reboot none awaits.
    @Test func case27NotificationsAnsweredDecideWhatTheyNamed() {
        expectNothingLost([
            .command(machine: 0, ["start", "work", "--away", "ask"]),
            .away(machine: 0, idle: false, .seconds(2700), asleep: .zero),
            .away(machine: 0, idle: true, .seconds(600), asleep: .zero),
            .answer(machine: 0, name: "work", "drop"),
            .answer(machine: 0, name: "work", "keep"),
            .away(machine: 0, idle: false, .seconds(300), asleep: .zero),
            .command(machine: 0, ["edit", "work", "--away", "keep"]),
            .answer(machine: 0, name: "work", "drop"),
            .away(machine: 0, idle: false, .seconds(900), asleep: .zero),
            .answer(machine: 0, name: "work", "book"),
            .away(machine: 0, idle: false, .seconds(120), asleep: .zero),
            .reboot(machine: 0, downtime: .seconds(30)),
            .answer(machine: 0, name: "work", "keep"),
        ])
    }

    /// A change cut by a power cut left a torn tail in the laptop's history, which a sync carried
    /// to the server; the laptop's undo then cut it off and was written over it. The server's copy,
    /// as long, held the torn tail and not the undo, and the model took the undo for seen there
    /// (seed 1459939672950).
    @Test func case28AChangeWrittenOverATornTailIsSeenOnceItsLineArrives() {
        let server = 2
        expectNothingLost(
            [
                .command(machine: Self.laptop, ["lap", "work"]),
                .command(machine: Self.laptop, ["timer", "11m", "tea", "--away", "drop"]),
                .wait(.seconds(600)),
                .command(
                    machine: Self.desktop,
                    [
                        "cycle", "focus", "work=14m", "break=10m", "--rounds", "3", "--wait-before", "work", "--save",
                        "short",
                        "--force",
                    ]),
                .command(machine: Self.desktop, ["edit", "focus", "--tag", "fixed"]),
                .command(machine: Self.laptop, ["redo"]),
                .command(machine: Self.laptop, ["reset", "tea"]),
                .command(machine: server, ["lap", "tea"]),
                .upload(machine: Self.desktop, seed: 5_373_282_289_168_812_728),
                .command(machine: Self.laptop, ["edit", "tea", "--name", "tea"]),
                .command(machine: server, ["dismiss"]),
                .cut(
                    machine: Self.laptop, ["split", "@ended:3", "@mid:3"], operations: 1, killedOnly: false,
                    seed: 11_359_252_060_870_730_274),
                .importRuns(
                    machine: Self.desktop,
                    [
                        ImportedRun(
                            name: "tea", tags: ["x1"], start: 1_795_361_552_000_000, end: 1_795_366_172_000_000),
                        ImportedRun(name: "tea", tags: [], start: 1_795_339_472_000_000, end: 1_795_339_532_000_000),
                        ImportedRun(name: "work", tags: [], start: 1_795_330_712_000_000, end: 1_795_332_452_000_000),
                    ], watson: true),
                .command(machine: Self.laptop, ["toggle", "work"]),
                .settle,
                .command(machine: Self.desktop, ["timer", "30m", "tea"]),
                .wait(.seconds(600)),
                .cut(
                    machine: server, ["lap", "focus"], operations: 8, killedOnly: true, seed: 15_427_357_688_194_672_205
                ),
                .command(machine: Self.laptop, ["undo"]),
                .command(machine: Self.desktop, ["toggle", "--shown"]),
                .command(machine: server, ["start", "work"]),
            ], machines: 3, seed: 1_459_939_672_950)
    }
}
