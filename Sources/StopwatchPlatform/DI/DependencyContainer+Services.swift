import Glibc
import StopwatchCore

extension DependencyContainer {
    /// The notifier for this process's environment and standard streams: the session bus, and
    /// standard output when it is a terminal. Made here, so the service takes only what it
    /// uses, not the container.
    var expiryNotifier: ExpiryNotifier { expiryNotifier(answering: nil) }

    /// The notifier, its notifications a person can answer sent through `answering` (a hook
    /// waiter's).
    func expiryNotifier(answering: NotificationActions?) -> ExpiryNotifier {
        ExpiryNotifier(
            bus: DBusConnection.sessionBusAddress { getenv($0).map { String(cString: $0) } },
            terminal: presentation.terminal.outputIsTerminal ? presentation.output : nil,
            messages: presentation.messages, answering: answering
        )
    }

    /// The adapters a hook's events go out through: `--notify`'s and `--exec`'s, unless the
    /// container was given others (`ServicesContainer.hookSinks`).
    var hookSinks: [any HookEventSink] {
        services.hookSinks ?? [expiryNotifier, ExpiryCommand()]
    }
}
