import Glibc
import StopwatchCore

/// Tells the user a countdown expired (`--notify`): a desktop notification, sent to the
/// notification server over the session bus (`DesktopNotifications`) when there is one, and a
/// terminal notification when standard output is a terminal (OSC 9, and OSC 777 for the terminals
/// that read that one instead); with neither, a one-line note on standard error that none could
/// be sent. A background waiter's (`answering`) offers the actions the event has
/// (`NotificationAction`) where the server shows actions, and hears the answer.
struct ExpiryNotifier: HookEventSink {
    /// The session bus's address, nil when there is none (a tty, ssh, cron).
    let bus: String?
    /// Standard output when it is a terminal.
    let terminal: (any TextOutput)?
    let messages: any TextOutput
    /// Where notifications a person can answer are sent from, and their answers heard: a hook's
    /// background waiter's, which carries the answers out.
    let answering: NotificationActions?

    init(bus: String?, terminal: (any TextOutput)?, messages: any TextOutput, answering: NotificationActions? = nil) {
        self.bus = bus
        self.terminal = terminal
        self.messages = messages
        self.answering = answering
    }

    /// Whether a desktop notification can be sent: a notification server answers on the session
    /// bus (asked for its capabilities: one call). `timer --notify` says at once when none does,
    /// wherever it runs: a terminal's notification alone (a tty, ssh, tmux) is easily missed or
    /// swallowed, so it is told as the bell it rings, not as a notification.
    var canNotify: Bool {
        guard let bus else { return false }
        return DesktopNotifications(address: bus).capabilities() != nil
    }

    /// Notifies of `event` when `hook` asks for it: a countdown's zero, a cycle's edge (the phase
    /// that ended and the one that begins). One that cannot be sent is noted on standard error,
    /// not failed: the hook's command still runs.
    func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool {
        guard hook.notify else { return true }
        let (summary, body) = MessageMapper.notification(for: event)
        let offered = NotificationAction.offered(for: event)
        let awaited = NotificationActions.Awaited(name: event.name, offered: offered.map(\.rawValue), hook: hook)
        // A zero stays on screen until answered; an edge, as the cycle goes on by itself, does not.
        let critical = if case .zero = event { true } else { false }
        let answerable =
            answering?.notify(
                summary: summary, body: body, offering: offered.map { ($0.rawValue, $0.label) }, awaiting: awaited,
                critical: critical) == true
        notify(summary: summary, body: body, name: event.name.rawValue, sent: answerable, critical: critical)
        return true
    }

    /// Sends the notification plain, unless `sent` already, and to the terminal, ringing its bell
    /// (which tmux and a terminal that shows no OSC 9 still pass on).
    private func notify(summary: String, body: String, name: String, sent answerable: Bool, critical: Bool) {
        var sent = answerable
        if let bus, !sent {
            sent = DesktopNotifications(address: bus).notify(summary: summary, body: body, critical: critical)
        }
        if let terminal {
            terminal.write(
                "\u{1B}]9;\(summary): \(body)\u{7}\u{1B}]777;notify;\(summary);\(body)\u{7}\u{7}")
            sent = true
        }
        if !sent {
            messages.writeMessage(MessageMapper.line(for: .notificationUnsent(name)))
        }
    }
}
