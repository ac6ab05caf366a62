import Dispatch
import Glibc
import Synchronization

/// What the live sessions (`watch`, `watch --all`) share: their outcome, set once by whatever ends
/// them first and waited for by the thread that started them; the terminal's raw mode; and the
/// signals, on the session's queue.
///
/// SIGINT, SIGTERM and SIGHUP end the session with their status; Ctrl-Z gives the terminal back
/// and stops (SIGTSTP is ignored, so it stops with SIGSTOP, which cannot be), SIGCONT takes it
/// again; SIGWINCH redraws.
final class LiveSessionControl: Sendable {
    /// What a session's view does when the terminal is given back, taken again or resized.
    struct Screen: Sendable {
        var suspend: @Sendable () -> Void
        var resume: @Sendable () -> Void
        var redraw: @Sendable () -> Void
    }

    private let terminal = TermiosTerminal(descriptor: STDIN_FILENO)
    private let outcome = Mutex<ExitCode?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let signalSources = Mutex<SignalSources?>(nil)

    /// True once something ended the session.
    var isOver: Bool { outcome.withLock { $0 } != nil }

    /// Handles the signals, starts `begin` on `queue`, and blocks the calling thread until the
    /// session is over; returns its status.
    func run(
        on queue: DispatchQueue, screen: Screen, endingBy end: @escaping @Sendable (ExitCode) -> Void,
        begin: @escaping @Sendable () -> Void
    ) -> ExitCode {
        handleSignals(on: queue, screen: screen, end: end)
        queue.async(execute: begin)
        done.wait()
        return outcome.withLock { $0 } ?? .software
    }

    /// Ends the session with `code` unless it already ended: `tidy` stops the session's sources
    /// and ends its view, then the terminal is given back and `message` written to `messages`.
    func end(_ code: ExitCode, message: String?, on messages: any TextOutput, tidy: () -> Void) {
        let first = outcome.withLock { outcome in
            defer { if outcome == nil { outcome = code } }
            return outcome == nil
        }
        guard first else { return }
        tidy()
        terminal.restore()
        if let message { messages.writeMessage(message) }
        done.signal()
    }

    /// Raw mode, when standard input is a terminal.
    func enterRawMode() {
        if isatty(STDIN_FILENO) == 1 { terminal.enterRawMode() }
    }

    /// Handles the signals on `queue`: `end` for the ones that end the session, `screen` for the rest.
    private func handleSignals(on queue: DispatchQueue, screen: Screen, end: @escaping @Sendable (ExitCode) -> Void) {
        let sources = SignalSources([SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH], on: queue) { [weak self] signal in
            guard let self else { return }
            switch signal {
            case SIGTSTP:
                screen.suspend()
                terminal.restore()
                kill(getpid(), SIGSTOP)
            case SIGCONT:
                guard !isOver else { return }
                enterRawMode()
                screen.resume()
            case SIGWINCH: screen.redraw()
            default: end(ExitCode(endingBy: signal))
            }
        }
        signalSources.withLock { $0 = sources }
    }
}
