import StopwatchCore

/// What a view shows of a cycle's phase: the one `SequenceProgress` reading, in words and times.
///
/// A class, never changed after it is made: a live view copies its view state, phase and all, on
/// every 10 ms tick, and an optional reference is a pointer to copy where a struct of a dozen
/// fields, strings among them, is each field retained and released. Made a struct again on
/// 2026-11-28, a tick cost a quarter to two thirds more (docs/benchmarks.md, "CPU of the live
/// views"), so it stayed a class.
public final class PhaseViewState: Sendable, Hashable {
    public let label: String
    /// The phase's number across the run, from 1, of `count` (nil until stopped).
    public let number: Int
    public let count: Int?
    /// The round, from 1, of `rounds` (nil until stopped).
    public let round: Int
    public let rounds: Int?
    public let duration: DurationViewState
    /// The elapsed time at which the phase began, in microseconds: with the duration, what a
    /// tick needs to tell the phase's time left (`StopwatchViewState.phaseLeft`) while it lasts.
    public let startMicroseconds: Int64
    /// The label of the phase that begins at its end; nil at the last.
    public let next: String?
    /// True while the phase has ended and the next waits for `next`
    /// (`StopwatchViewState.phaseOver` is how long).
    public let isWaiting: Bool
    /// How long before the phase's end the cycle's hook warns, in microseconds; 0 for none: when
    /// its waiter wakes.
    public let warningMicroseconds: Int64
    /// When the phase ends while the cycle runs; nil while paused, not started or waiting for a
    /// person, when no end is known.
    public let end: EndTime?
    /// That instant in RFC 3339 UTC, and its local time (`CountdownViewState.endsAt`'s form, `17:30`).
    public var expiresAt: String? { end?.utc }
    public var endsAt: String? { end?.local }
    /// The labels of the round's phases, and which of them it is in (what the live view lays
    /// out); made when asked, so the ticks of a view that does not show them do not pay for it.
    public var roundLabels: [String] { labels.roundLabels }
    public let positionInRound: Int
    /// The reading the round's labels are made from, when asked.
    private let labels: SequenceProgress

    public init(
        label: String, number: Int, count: Int?, round: Int, rounds: Int?, duration: DurationViewState,
        startMicroseconds: Int64, next: String?,
        isWaiting: Bool = false, warningMicroseconds: Int64 = 0, end: EndTime? = nil, positionInRound: Int = 0,
        roundOf labels: SequenceProgress
    ) {
        self.end = end
        self.label = label
        self.number = number
        self.count = count
        self.round = round
        self.rounds = rounds
        self.duration = duration
        self.startMicroseconds = startMicroseconds
        self.next = next
        self.isWaiting = isWaiting
        self.warningMicroseconds = warningMicroseconds
        self.positionInRound = positionInRound
        self.labels = labels
    }

    public static func == (left: PhaseViewState, right: PhaseViewState) -> Bool {
        left === right
            || (left.label == right.label && left.number == right.number && left.count == right.count
                && left.round == right.round
                && left.rounds == right.rounds && left.duration == right.duration
                && left.startMicroseconds == right.startMicroseconds
                && left.next == right.next && left.isWaiting == right.isWaiting
                && left.positionInRound == right.positionInRound
                && left.end == right.end)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(label)
        hasher.combine(number)
        hasher.combine(startMicroseconds)
    }

    /// `work 2/4 `: the label and the round before a phase's time, as bytes, which the live line
    /// puts in on every tick. A line numbers a phase by its round, as pomodoros are counted (the
    /// fourth work phase of a pomodoro is `work 4`, not the seventh phase); `{phase_index}` and
    /// the JSON's `number` count phases.
    func appendPrefix(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: label.utf8)
        bytes.append(UInt8(ascii: " "))
        Self.appendPosition(number: round, count: rounds, to: &bytes)
        bytes.append(UInt8(ascii: " "))
    }

    /// `2/8`, or `2` for a run that repeats until stopped: how every surface numbers a phase.
    static func appendPosition(number: Int, count: Int?, to bytes: inout [UInt8]) {
        appendDigits(number, to: &bytes)
        if let count {
            bytes.append(UInt8(ascii: "/"))
            appendDigits(count, to: &bytes)
        }
    }

    /// `appendPosition` as text.
    static func position(number: Int, count: Int?) -> String {
        var bytes: [UInt8] = []
        appendPosition(number: number, count: count, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// `2/8`, or `2` for a cycle that repeats until stopped.
    public var position: String {
        Self.position(number: number, count: count)
    }
}
