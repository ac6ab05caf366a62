import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

@Suite struct TerminalInputTests {
    @Test func keys() {
        let input = TerminalInput(descriptor: -1, kind: .keys)
        #expect(
            input.consume(Array(" lrqx\u{3}".utf8)[...]) == [
                .action(.toggle), .action(.lap(label: nil)), .action(.reset), .quit,
            ])
        #expect(input.finish() == [.endOfInput])
    }

    /// A cycle once had no key and no command for `next`, and offered `lap`.
    @Test func nextIsAKeyAndACommand() {
        #expect(
            TerminalInput(descriptor: -1, kind: .keys).consume(Array("nN".utf8)[...]) == [
                .action(.nextPhase), .action(.nextPhase),
            ])
        #expect(TerminalInput(descriptor: -1, kind: .lines).consume(Array("next\n".utf8)[...]) == [.action(.nextPhase)])
        let cycle: RunActions = [.lap, .next, .addTime]
        #expect(
            TerminalView.keyLine(cycle, width: 100)
                == "space: start/pause/resume   n: next phase   l: lap   +/-: 10 s more/less   r: reset   q: quit",
            "+ and - change the phase; l laps, as `stopwatch lap` does"
        )
        #expect(
            TerminalView.keyLine(cycle, width: 80)
                == "space: start/pause/resume   n: next phase   l: lap   r: reset   q: quit", "+/- left out first")
        // At 40 columns the keys go in fewer words rather than lose `n` (issue "Release 0.5.0", item 13).
        let narrow = TerminalView.keyLine(cycle, width: 40)
        #expect(narrow.count <= 40 && narrow.contains("n: next") && narrow.contains("space: "), "\(narrow)")
        #expect(
            TerminalView.keyLine([.lap], width: 40) == "space: start/pause/resume   q: quit",
            "nothing vital lost: the words stand")
        // Away time waiting for a decision keeps its keys at 40 columns (issue 61).
        #expect(TerminalView.keyLine([.lap, .decideAway], width: 40) == "space: go/pause   k/d: away   q: quit")
    }

    /// The keys are what the Core offers the run: a countdown's view once had no lap key though
    /// `stopwatch lap` laps a countdown.
    let now = ManualTimeSource().now()

    @Test func theKeysAreWhatTheRunOffers() {
        #expect(
            MessageMapper.keys(
                RunActions(StopwatchState(name: StopwatchName("tea")!, plan: .countdown(.seconds(60))), at: now)
            )
            .map(\.text) == [
                "space: start/pause/resume", "l: lap", "+/-: 10 s more/less", "r: reset", "q: quit",
            ])
        #expect(
            MessageMapper.keys(RunActions(StopwatchState(name: StopwatchName("plain")!), at: now)).map(\.text) == [
                "space: start/pause/resume", "l: lap", "r: reset", "q: quit",
            ])
    }

    /// A run that asks what its away time is has `k` and `d` while some is undecided, which
    /// decide it, as keys and as piped commands; a narrow line keeps them before a lap, as it
    /// keeps `n` (issue 61: 40 columns dropped them); a stopwatch with no run has none.
    @Test func aRunThatAsksHasKeysToDecideItsAwayTime() throws {
        var reset = StopwatchState(name: StopwatchName("work")!)
        reset.awayPolicy = .ask
        #expect(
            !RunActions(reset, at: now).contains(.decideAway), "no run: the key would decide the last one in history")
        let clock = ManualTimeSource()
        var state = try reset.started(at: clock.now())
        #expect(!RunActions(state, at: clock.now()).contains(.decideAway), "nothing undecided yet")
        let locked = clock.now()
        clock.advance(by: .seconds(60))
        state = state.booking(.lock, since: locked, at: clock.now())
        #expect(
            MessageMapper.keys(RunActions(state, at: clock.now())).map(\.text) == [
                "space: start/pause/resume", "l: lap", "k/d: keep/drop away", "r: reset", "q: quit",
            ])
        #expect(TerminalInput.key(UInt8(ascii: "k")) == .action(.decideAway(.keep)))
        #expect(TerminalInput.key(UInt8(ascii: "D")) == .action(.decideAway(.drop)))
        #expect(TerminalInput.line("drop") == [.action(.decideAway(.drop))])
        #expect(TerminalInput.line("keep") == [.action(.decideAway(.keep))])
        #expect(
            TerminalView.keyLine(RunActions(state, at: clock.now()), width: 60)
                == "space: start/pause/resume   k/d: keep/drop away   q: quit", "a lap gives way first")
        #expect(TerminalView.keyLine(RunActions(state, at: clock.now()), width: 80).contains("k/d"))
        let decided = try #require(state.deciding(.keep, at: clock.now()))
        #expect(!RunActions(decided, at: clock.now()).contains(.decideAway), "decided: nothing left to decide")
    }

    @Test func linesAreCommandsAndAPartialLineWaits() {
        let input = TerminalInput(descriptor: -1, kind: .lines)
        #expect(
            input.consume(Array("start\n  lap  split one \npau".utf8)[...]) == [
                .action(.start), .action(.lap(label: "split one")),
            ])
        #expect(
            input.consume(Array("se\n\nresume\ntoggle\nreset\nbogus cmd\nquit\n".utf8)[...]) == [
                .action(.pause), .action(.resume), .action(.toggle), .action(.reset), .unknown("bogus cmd"), .quit,
            ])
    }

    @Test func aLastLineWithoutANewlineRunsBeforeTheEnd() {
        let input = TerminalInput(descriptor: -1, kind: .lines)
        #expect(input.consume(Array("lap".utf8)[...]).isEmpty)
        #expect(input.finish() == [.action(.lap(label: nil)), .endOfInput])
    }

    @Test func argumentsWhereNoneBelongAreUnknown() {
        #expect(TerminalInput.line("start now") == [.unknown("start now")])
        #expect(TerminalInput.line("   ") == [])
    }
}
