@testable import StopwatchPlatform
import Testing

@Suite struct TerminalInputTests {
    @Test func keys() {
        let input = TerminalInput(descriptor: -1, kind: .keys)
        #expect(input.consume(Array(" lrqx\u{3}".utf8)[...]) == [
            .action(.toggle), .action(.lap(label: nil)), .action(.reset), .quit,
        ])
        #expect(input.finish() == [.endOfInput])
    }

    @Test func linesAreCommandsAndAPartialLineWaits() {
        let input = TerminalInput(descriptor: -1, kind: .lines)
        #expect(input.consume(Array("start\n  lap  split one \npau".utf8)[...]) == [
            .action(.start), .action(.lap(label: "split one")),
        ])
        #expect(input.consume(Array("se\n\nresume\ntoggle\nreset\nbogus cmd\nquit\n".utf8)[...]) == [
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
