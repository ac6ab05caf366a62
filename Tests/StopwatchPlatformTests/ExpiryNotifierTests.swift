import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The exact bytes `--notify` writes, with no session bus, and what `--exec`'s command
/// gets: each sink told the Core's facts, never a view's text.
@Suite struct ExpiryNotifierTests {
    let zero = HookEvent.zero(name: StopwatchName("tea")!, duration: .seconds(300))

    @Test func onATerminalOSC9AndOSC777AndTheBell() {
        let (terminal, messages) = (RecordingOutput(), RecordingOutput())
        #expect(
            ExpiryNotifier(bus: nil, terminal: terminal, messages: messages).deliver(
                zero, for: ExpiryHook(notify: true)))
        #expect(
            terminal.text == "\u{1B}]9;stopwatch: 'tea' is up: the countdown of 05:00.00 has expired\u{7}"
                + "\u{1B}]777;notify;stopwatch: 'tea' is up;the countdown of 05:00.00 has expired\u{7}" + "\u{7}")
        #expect(messages.text.isEmpty)
    }

    @Test func withNeitherANoteOnStandardError() {
        let messages = RecordingOutput()
        _ = ExpiryNotifier(bus: nil, terminal: nil, messages: messages).deliver(zero, for: ExpiryHook(notify: true))
        #expect(
            messages.text
                == "stopwatch: 'tea' expired, but no notification could be sent: no desktop notification server answered on the session bus and standard output is not a terminal\n"
        )
    }

    @Test func aHookThatAsksNothingOfASinkGetsNothing() {
        let (terminal, messages) = (RecordingOutput(), RecordingOutput())
        #expect(
            ExpiryNotifier(bus: nil, terminal: terminal, messages: messages).deliver(
                zero, for: ExpiryHook(command: "true")))
        #expect(terminal.text.isEmpty && messages.text.isEmpty)
        #expect(
            ExpiryCommand().deliver(zero, for: ExpiryHook(notify: true)), "no command: nothing started, nothing failed")
    }

    @Test func theCommandsEnvironmentIsMadeFromTheFacts() {
        #expect(
            ExpiryCommand.environment(for: zero) == [
                "STOPWATCH_NAME": "tea", "STOPWATCH_DURATION": "05:00.00", "STOPWATCH_DURATION_MS": "300000",
            ])
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 2)
        let edge = HookEvent.edge(name: StopwatchName("focus")!, plan.edge(3), skipped: 2)
        #expect(
            ExpiryCommand.environment(for: edge) == [
                "STOPWATCH_NAME": "focus", "STOPWATCH_PHASE_ENDED": "rest", "STOPWATCH_PHASE_ENDED_NUMBER": "4",
                "STOPWATCH_PHASE": "",
                "STOPWATCH_PHASE_NUMBER": "", "STOPWATCH_PHASE_COUNT": "4", "STOPWATCH_EDGE": "end",
                "STOPWATCH_EDGES_SKIPPED": "2",
            ])
    }
}
