import StopwatchCore
import Synchronization

/// A `TimeSource` that stands still until a test moves it, with helpers for the clock events the
/// stopwatch must survive: time passing, suspend, a wall-clock change, a reboot.
///
/// It is the `Scheduler` fake too (in the spirit of swift-clocks' `TestClock`): work scheduled on
/// it fires only when time passes (`advance(by:)`, `suspend(for:)`), on the calling thread, at its
/// instant. Time moves to the next one-shot deadline, or to where the test asked, and what is due
/// there fires, in the order it came due; a repeating tick that fell behind fires once, as a late
/// Dispatch timer does. Work due at once fires at the next advance, even by zero, as a real
/// scheduler fires on its own queue after the call that scheduled it returns. A wall-clock change,
/// a reboot or another time namespace moves no deadline: they are on the process's boot clock.
public final class ManualTimeSource: TimeSource, Scheduler {
    private let reading: Mutex<TimeReading>
    /// Whether time moves with the machine asleep (`suspend(for:)`): `asleep` grows with it.
    private let sleeping = Mutex(false)
    private let reboots = Mutex(0)
    private let stepPerRead: Duration
    /// The scheduled work, on the scheduler's own clock: the time advanced and suspended since
    /// the start.
    private let schedule = Mutex(Schedule())

    /// Starts at 2026-01-01T00:00:00Z on the wall clock, 100 s into boot session "boot-0", the
    /// machine having slept `asleep` of them. `stepPerRead` moves both clocks on after every read,
    /// as slow work between two looks would.
    public init(
        wall: Duration = .seconds(1_767_225_600),
        boot: Duration = .seconds(100),
        bootSession: BootSession = BootSession("boot-0"),
        asleep: Duration = .zero,
        stepPerRead: Duration = .zero
    ) {
        reading = Mutex(TimeReading(wall: wall, boot: boot, bootSession: bootSession, asleep: asleep))
        self.stepPerRead = stepPerRead
    }

    public func now() -> TimeReading {
        reading.withLock { reading in
            defer {
                reading.wall += stepPerRead
                reading.boot += stepPerRead
            }
            return reading
        }
    }

    /// Time passes normally: both clocks move on, and the work that comes due fires at its
    /// instant.
    public func advance(by duration: Duration) {
        let target = schedule.withLock { $0.elapsed } + max(.zero, duration)
        while true {
            let (step, due) = schedule.withLock { $0.nextStep(toward: target) }
            move(by: step)
            guard !due.isEmpty else { return }
            schedule.withLock { $0.fired += due.count }
            for action in due { action() }
        }
    }

    /// Moves both clocks, and the scheduler's, on by `step`.
    private func move(by step: Duration) {
        reading.withLock { reading in
            reading.wall += step
            reading.boot += step
        }
        if sleeping.withLock({ $0 }) { reading.withLock { $0.asleep += step } }
    }

    public func every(_ interval: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        add(Work(due: .zero, interval: max(interval, .nanoseconds(1)), action: action))
    }

    public func after(_ delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork {
        add(Work(due: max(.zero, delay), interval: nil, action: action))
    }

    /// How many times scheduled work has fired.
    public var firedCount: Int {
        schedule.withLock { $0.fired }
    }

    /// How many pieces of work are scheduled and not yet fired or cancelled.
    public var scheduledCount: Int {
        schedule.withLock { $0.pending.count }
    }

    /// How long until the next piece of work is due; nil when none is scheduled.
    public var nextDeadline: Duration? {
        schedule.withLock { schedule in schedule.pending.values.map(\.due).min().map { $0 - schedule.elapsed } }
    }

    /// Schedules `work`, its `due` counted from now.
    private func add(_ work: Work) -> ScheduledWork {
        let id = schedule.withLock { schedule in
            schedule.lastID += 1
            var work = work
            work.due += schedule.elapsed
            work.order = schedule.lastID
            schedule.pending[schedule.lastID] = work
            return schedule.lastID
        }
        return ScheduledWork { [weak self] in _ = self?.schedule.withLock { $0.pending.removeValue(forKey: id) } }
    }

    private struct Work {
        /// When it is next due, on the scheduler's clock.
        var due: Duration
        /// Nil for a one-shot.
        var interval: Duration?
        let action: @Sendable () -> Void
        /// Which was scheduled first, among work due at the same instant.
        var order = 0
    }

    private struct Schedule {
        var elapsed = Duration.zero
        var pending: [Int: Work] = [:]
        var lastID = 0
        var fired = 0

        /// Moves to the next instant where work is due, or to `target`; returns how far it moved
        /// and what is due there, in the order it came due (each repeating work once, its next
        /// turn the first after now; each one-shot removed).
        mutating func nextStep(toward target: Duration) -> (step: Duration, due: [@Sendable () -> Void]) {
            let nextOneShot = pending.values.filter { $0.interval == nil }.map(\.due).min()
            let instant = max(elapsed, min(nextOneShot ?? target, target))
            let step = instant - elapsed
            elapsed = instant
            let due = pending.filter { $0.value.due <= instant }.sorted {
                ($0.value.due, $0.value.order) < ($1.value.due, $1.value.order)
            }
            for (id, work) in due {
                if let interval = work.interval {
                    let behind = (instant - work.due) / interval
                    pending[id]?.due = work.due + interval * (Int(behind) + 1)
                } else {
                    pending[id] = nil
                }
            }
            return (step, due.map(\.value.action))
        }
    }

    /// The machine sleeps: the boot clock counts the suspension, as Linux `CLOCK_BOOTTIME` does,
    /// and `asleep` grows by as much, as the monotonic clock stands still.
    public func suspend(for duration: Duration) {
        sleeping.withLock { $0 = true }
        defer { sleeping.withLock { $0 = false } }
        advance(by: duration)
    }

    /// Someone sets the wall clock (forward for a positive `offset`); the boot clock does not notice.
    public func shiftWallClock(by offset: Duration) {
        reading.withLock { $0.wall += offset }
    }

    /// The machine restarts after `downtime`: a new boot session whose boot clock starts near zero,
    /// named as the first was with the reboot's number (`boot-laptop-0`, then `boot-laptop-1`): two
    /// machines' sessions are never one, as two boot ids never are.
    public func reboot(after downtime: Duration, bootClockAtStart: Duration = .seconds(5)) {
        let count = reboots.withLock { count in
            count += 1
            return count
        }
        reading.withLock { reading in
            reading.wall += downtime
            reading.boot = bootClockAtStart
            reading.asleep = .zero
            let name = reading.bootSession.rawValue
            let prefix = name.lastIndex(of: "-").map { String(name[...$0]) } ?? "boot-"
            reading.bootSession = BootSession(prefix + "\(count)")
        }
    }

    /// Enters another time namespace whose offset is not known: same boot, a boot clock shifted
    /// by `offset`, and another session. (`SystemTimeSource` takes a known offset off, so a
    /// namespace is usually the same session.)
    public func enterTimeNamespace(offset: Duration, session: BootSession) {
        reading.withLock { reading in
            reading.boot += offset
            reading.bootSession = session
        }
    }
}
