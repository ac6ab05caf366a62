import StopwatchCore

extension StopwatchViewState {
    /// The zero this countdown reached, as a hook's event (`watch --notify` hands it to the
    /// notifier as a stored hook's is); nil for a stopwatch.
    var zeroEvent: HookEvent? {
        guard let countdown, let name = StopwatchName(name) else { return nil }
        return .zero(name: name, duration: .microseconds(countdown.duration.microseconds))
    }

    /// Whether this countdown shows expired where the view state before it, `wasCountingDown`,
    /// showed it counting down: the moment it reached zero, which a view rings the bell for and
    /// a notifier announces, once. One already expired when first shown never reached zero here.
    func reachedZero(wasCountingDown: Bool) -> Bool {
        wasCountingDown && countdown?.isExpired == true
    }

    /// Whether this is a countdown still counting down: what `reachedZero(wasCountingDown:)` asks
    /// of the view state before.
    var isCountingDown: Bool {
        countdown?.isExpired == false
    }

    /// The countdowns of `current` that reached zero since `previous` (matched by name): the
    /// rule of `reachedZero(wasCountingDown:)` over a listing. Asked on every tick of the live
    /// table, so the names are gathered only when some countdown shows expired.
    static func reachedZero(from previous: [StopwatchViewState], to current: [StopwatchViewState])
        -> [StopwatchViewState]
    {
        guard current.contains(where: { $0.countdown?.isExpired == true }) else { return [] }
        let counting = Set(previous.filter(\.isCountingDown).map(\.name))
        return current.filter { $0.reachedZero(wasCountingDown: counting.contains($0.name)) }
    }
}
