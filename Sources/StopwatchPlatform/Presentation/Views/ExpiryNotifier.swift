import Glibc
import StopwatchCore

/// Tells the user a countdown expired (`--notify`): a desktop notification through `notify-send`
/// when it is on `PATH`, and a terminal notification when standard output is a terminal (OSC 9,
/// and OSC 777 for the terminals that read that one instead); with neither, a one-line note on
/// standard error that none could be sent.
///
/// `notify-send` is started and left to run: a desktop without a notification service can keep it
/// waiting for its D-Bus timeout, and the countdown's command should not wait with it.
struct ExpiryNotifier: HookEventSink {
    /// `PATH`, where `notify-send` is looked up.
    let path: String?
    /// Standard output when it is a terminal.
    let terminal: (any TextOutput)?
    let messages: any TextOutput

    init(path: String?, terminal: (any TextOutput)?, messages: any TextOutput) {
        self.path = path
        self.terminal = terminal
        self.messages = messages
    }

    /// Whether a notification can be sent at all: `notify-send` is on `PATH`, or there is a
    /// terminal (`timer --notify` says so at once when neither holds).
    var canNotify: Bool {
        terminal != nil || notifySend != nil
    }

    private var notifySend: String? {
        try? ChildProcess.resolve("notify-send", path: path)
    }

    /// Notifies of `event` when `hook` asks for it: a countdown's zero, a cycle's edge (the phase
    /// that ended and the one that begins). One that cannot be sent is noted on standard error,
    /// not failed: the hook's command still runs.
    func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool {
        guard hook.notify else { return true }
        let (summary, body) = MessageMapper.notification(for: event)
        notify(summary: summary, body: body, name: event.name.rawValue)
        return true
    }

    private func notify(summary: String, body: String, name: String) {
        var sent = false
        if let executable = notifySend {
            sent = ChildProcess.startDetached(
                executable, arguments: ["notify-send", "--app-name=stopwatch", summary, body])
        }
        if let terminal {
            terminal.write("\u{1B}]9;\(summary): \(body)\u{7}\u{1B}]777;notify;\(summary);\(body)\u{7}")
            sent = true
        }
        if !sent {
            messages.writeMessage(MessageMapper.line(for: .notificationUnsent(name)))
        }
    }
}
