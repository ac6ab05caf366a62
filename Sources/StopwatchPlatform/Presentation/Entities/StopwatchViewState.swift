/// What a view shows of one stopwatch at one instant.
///
/// A value kept in one shared box, never changed: a change makes a new box. A live view maps a
/// new view state every 10 ms and passes it through its view model, publisher and view; as a
/// plain struct of a dozen strings, each of those hand-overs copied it whole, most of a tick's work.
public struct StopwatchViewState: Sendable, Hashable {
    public var name: String {
        get { box.fields.name }
        set { mutate { $0.name = newValue } }
    }
    public var status: DisplayStatus {
        get { box.fields.status }
        set { mutate { $0.status = newValue } }
    }
    public var elapsed: DurationViewState {
        get { box.fields.elapsed }
        set { mutate { $0.elapsed = newValue } }
    }
    /// True when part of the time was estimated from the wall clock after a reboot.
    public var isEstimated: Bool {
        get { box.fields.isEstimated }
        set { mutate { $0.isEstimated = newValue } }
    }
    public var lapCount: Int {
        get { box.fields.lapCount }
        set { mutate { $0.lapCount = newValue } }
    }
    public var latestLap: LapViewState? {
        get { box.fields.latestLap }
        set { mutate { $0.latestLap = newValue } }
    }
    /// RFC 3339 UTC time of the first start since the last reset.
    public var startedAt: String? {
        get { box.fields.startedAt }
        set { mutate { $0.startedAt = newValue } }
    }
    /// What a countdown adds; nil for a stopwatch.
    public var countdown: CountdownViewState? {
        get { box.fields.countdown }
        set { mutate { $0.countdown = newValue } }
    }

    private var box: Box

    public init(
        name: String,
        status: DisplayStatus,
        elapsed: DurationViewState,
        isEstimated: Bool,
        lapCount: Int,
        latestLap: LapViewState?,
        startedAt: String?,
        countdown: CountdownViewState? = nil
    ) {
        box = Box(Fields(
            elapsed: elapsed, countdown: countdown, status: status, isEstimated: isEstimated,
            lapCount: lapCount, name: name, latestLap: latestLap, startedAt: startedAt
        ))
    }

    /// Sets what changes while a stopwatch runs, in one new box: the view state of an unchanged
    /// stopwatch at a later instant (`StopwatchUIMapper.viewState(_:refreshedFor:at:)`).
    mutating func setTimes(elapsed: DurationViewState, isEstimated: Bool, status: DisplayStatus, countdown: CountdownViewState?) {
        var fields = box.fields
        (fields.elapsed, fields.isEstimated, fields.status, fields.countdown) = (elapsed, isEstimated, status, countdown)
        box = Box(fields, origin: box.origin ?? box)
    }

    /// True when `other` differs from this one at most in its times (elapsed, and a countdown's
    /// time left and over), as the same stopwatch at another instant does: whatever a line lays
    /// out around its time is the same for both.
    func differsOnlyInTimes(from other: Self) -> Bool {
        let (mine, theirs) = (box.fields, other.box.fields)
        guard mine.status == theirs.status, mine.isEstimated == theirs.isEstimated else { return false }
        // Boxes of one origin differ at most in what `setTimes` sets; the rest is compared.
        if (box.origin ?? box) !== (other.box.origin ?? other.box) {
            guard mine.lapCount == theirs.lapCount, mine.name == theirs.name, mine.latestLap == theirs.latestLap,
                mine.startedAt == theirs.startedAt
            else { return false }
        }
        switch (mine.countdown, theirs.countdown) {
        case (nil, nil): return true
        case (var mine?, let theirs?):
            (mine.remaining, mine.overtime) = (theirs.remaining, theirs.overtime)
            return mine == theirs
        default: return false
        }
    }

    /// Changes a copy of the fields, in a box of its own.
    private mutating func mutate(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    private struct Fields: Hashable {
        // The time first: two view states of one stopwatch differ there first, if at all.
        var elapsed: DurationViewState
        var countdown: CountdownViewState?
        var status: DisplayStatus
        var isEstimated: Bool
        var lapCount: Int
        var name: String
        var latestLap: LapViewState?
        var startedAt: String?
    }

    /// Shared between copies, and never changed: a change makes a new one.
    private final class Box: Sendable {
        let fields: Fields
        /// The box this one's fields were copied from with new times alone (`setTimes`), or that
        /// one's origin: two boxes of one origin differ at most in their times.
        let origin: Box?

        init(_ fields: Fields, origin: Box? = nil) {
            self.fields = fields
            self.origin = origin
        }
    }
}
