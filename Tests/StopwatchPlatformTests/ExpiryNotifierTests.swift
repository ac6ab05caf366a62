@testable import StopwatchPlatform
import StopwatchCore
import StopwatchTestSupport
import Testing

/// The exact bytes `--notify` writes, with no `notify-send` on PATH.
@Suite struct ExpiryNotifierTests {
    let viewState = StopwatchViewState(
        name: "tea", status: .expired, elapsed: DurationTextMapper().viewState(.seconds(300)), isEstimated: false,
        lapCount: 0, latestLap: nil, startedAt: nil,
        countdown: CountdownViewState(
            duration: DurationTextMapper().viewState(.seconds(300)), remaining: DurationTextMapper().viewState(.zero),
            overtime: DurationTextMapper().viewState(.zero), isExpired: true, expiresAt: nil, endsAt: nil, progressPermille: 1000
        )
    )

    @Test func onATerminalOSC9AndOSC777() {
        let (terminal, messages) = (RecordingOutput(), RecordingOutput())
        ExpiryNotifier(path: "/nonexistent", terminal: terminal, messages: messages).notify(viewState)
        #expect(terminal.text == "\u{1B}]9;stopwatch: 'tea' is up: the countdown of 05:00.00 has expired\u{7}"
            + "\u{1B}]777;notify;stopwatch: 'tea' is up;the countdown of 05:00.00 has expired\u{7}")
        #expect(messages.text.isEmpty)
    }

    @Test func withNeitherANoteOnStandardError() {
        let messages = RecordingOutput()
        ExpiryNotifier(path: nil, terminal: nil, messages: messages).notify(viewState)
        #expect(messages.text == "stopwatch: 'tea' expired, but no notification could be sent: notify-send is not on PATH and standard output is not a terminal\n")
    }
}
