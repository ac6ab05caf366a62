import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// The lifecycle every live view shares (`watch`, `watch --all`, `timer --watch`): one serial
/// queue for everything, the terminal in raw mode and given back, the directory watched for other
/// processes' changes, keys or a script's lines, the signals, and an outcome set once by whatever
/// ends it first.
///
/// What is shown, and what an event does there, is the `LiveContent`'s. The calling thread only
/// waits for the end. SIGINT, SIGTERM and SIGHUP are handed to the content to leave with their
/// status; Ctrl-Z gives the terminal back and stops (SIGTSTP is ignored, so it stops with SIGSTOP,
/// which cannot be), SIGCONT takes it again; SIGWINCH redraws.
final class LiveSession: Sendable {
    /// What a session's view does when the terminal is given back, taken again or resized.
    struct Screen: Sendable {
        var suspend: @Sendable () -> Void
        var resume: @Sendable () -> Void
        var redraw: @Sendable () -> Void
    }

    static let handledSignals = ExitCode.endingSignals + [SIGTSTP, SIGCONT, SIGWINCH]

    let container: DependencyContainer
    /// Where everything happens: ticks, input, directory changes, signals.
    let queue: DispatchQueue
    /// The time-driven work of the view, on `queue`: its ticks and timed hints.
    let scheduler: any Scheduler
    /// Keys on a terminal, rather than a script's command lines.
    let isInteractive: Bool
    private let input: TerminalInput
    /// The terminal put in raw mode; nil when input is not one.
    private let terminal: TermiosTerminal?
    private let signals: [Int32]
    private let outcome = Mutex<ExitCode?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let sources = Mutex<(signals: SignalSources?, monitor: ScheduledWork?)>((nil, nil))
    private let content = Mutex<(any LiveContent)?>(nil)

    /// `input` is where keys or lines come from; `signals` the ones handled (tests pass none and
    /// call `receive(_:)`).
    init(
        container: DependencyContainer, label: String, input: Int32 = STDIN_FILENO,
        signals: [Int32] = LiveSession.handledSignals
    ) {
        self.container = container
        queue = DispatchQueue(label: label)
        scheduler = container.services.makeScheduler(queue)
        isInteractive = container.presentation.terminal.inputIsTerminal
        self.input = TerminalInput(descriptor: input, kind: isInteractive ? .keys : .lines)
        terminal = isInteractive ? TermiosTerminal(descriptor: input) : nil
        self.signals = signals
    }

    /// True once something ended the session.
    var isOver: Bool { outcome.withLock { $0 } != nil }

    /// Runs `content` until the session ends, blocking the calling thread; returns the exit status.
    func run(_ content: any LiveContent) -> ExitCode {
        start(content)
        return waitForEnd()
    }

    /// Starts `content` on the queue without waiting.
    func start(_ content: any LiveContent) {
        self.content.withLock { $0 = content }
        if !signals.isEmpty {
            let handler = SignalSources(signals, on: queue) { [weak self] signal in self?.receive(signal) }
            sources.withLock { $0.signals = handler }
        }
        queue.async { [self] in begin(content) }
    }

    /// Blocks until the session is over; returns its status.
    func waitForEnd() -> ExitCode {
        done.wait()
        return outcome.withLock { $0 } ?? .software
    }

    /// What a handled signal does; on the queue.
    func receive(_ signal: Int32) {
        guard let content = content.withLock({ $0 }) else { return }
        switch signal {
        case SIGTSTP:
            content.screen.suspend()
            terminal?.restore()
            kill(getpid(), SIGSTOP)
        case SIGCONT:
            guard !isOver else { return }
            terminal?.enterRawMode()
            content.screen.resume()
        case SIGWINCH: content.screen.redraw()
        default: content.leave(bySignal: signal, in: self)
        }
    }

    /// Ends the session with `ending` unless it already ended: the content stops its sources and
    /// ends its view, input and the directory monitor stop, the terminal is given back, then the
    /// note is written.
    func end(_ ending: LiveEnding) {
        end(ExitCode(for: ending.outcome), message: ending.note.map(MessageMapper.line(for:)))
    }

    /// Ends the session with `error`'s status and message.
    func fail(_ error: any Error) {
        end(ExitCode(for: error), message: container.presentation.errors.message(for: error))
    }

    private func end(_ code: ExitCode, message: String?) {
        let first = outcome.withLock { outcome in
            defer { if outcome == nil { outcome = code } }
            return outcome == nil
        }
        guard first else { return }
        content.withLock { content in
            defer { content = nil }
            return content
        }?.stop()
        input.stop()
        sources.withLock { $0.monitor }?.cancel()
        terminal?.restore()
        if let message { container.presentation.messages.writeMessage(message) }
        done.signal()
    }

    private func begin(_ content: any LiveContent) {
        guard !isOver else { return }
        terminal?.enterRawMode()
        // Watched before the first read, so a change committed in between is not missed.
        let monitor = container.data.changes?.monitor(on: queue) { [weak self] in
            guard let self, !isOver else { return }
            content.reload(in: self)
        }
        if let monitor { sources.withLock { $0.monitor = monitor } }
        content.begin(in: self)
        guard !isOver else { return }
        input.start(on: queue) { [weak self] event in
            guard let self, !isOver else { return }
            content.handle(event, in: self)
        }
    }
}
