import StopwatchCore

/// What a person can do from a notification (`--notify`) where the notification server shows
/// actions: each is the command it stands for, carried out by the background waiter that sent
/// it.
public enum NotificationAction: String, Sendable, Hashable, CaseIterable {
    /// Five more minutes: `stopwatch timer NAME --add 5m`, its hook armed again, so the new
    /// zero (or the phase's new end) notifies as this one did.
    case addFiveMinutes = "add-5m"
    /// `stopwatch dismiss NAME`: the countdown acknowledged.
    case dismiss
    /// `stopwatch next NAME`: the cycle's next phase, now.
    case next

    /// The button's words.
    public var label: String {
        switch self {
        case .addFiveMinutes: "+5 min"
        case .dismiss: "Dismiss"
        case .next: "Next"
        }
    }

    /// What a notification of `event` offers: a countdown's zero five more minutes or dismissing
    /// it; a cycle's edge the next phase now or five more minutes of the one begun; its end,
    /// dismissing it. A warning offers nothing: the phase has not ended.
    public static func offered(for event: HookEvent) -> [NotificationAction] {
        switch event {
        case .zero: [.addFiveMinutes, .dismiss]
        case .edge(_, let edge, _) where edge.isWarning: []
        case .edge(_, let edge, _): edge.begun == nil ? [.dismiss] : [.next, .addFiveMinutes]
        }
    }

    /// The change it asks of the run, with `hook` armed again where time is added.
    public func action(rearming hook: ExpiryHook?) -> StopwatchAction {
        switch self {
        case .addFiveMinutes: .addTime(.seconds(300), hook: hook)
        case .dismiss: .dismiss
        case .next: .nextPhase
        }
    }
}
