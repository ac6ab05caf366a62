/// Why nobody was at the machine while a run counted: what its away time was noticed by.
///
/// Suspend is read from the clocks (`TimeReading.asleep`), with no desktop at all; a lock and a
/// stretch with no input are told by the desktop's session (systemd-logind's `LockedHint` and
/// `IdleHint`), booked on a run when the stretch ends (`StopwatchState.booking(_:since:at:)`).
/// A locked or idle stretch is counted awake only: the sleep inside it is suspend's.
public enum AwayCause: String, Sendable, Hashable, CaseIterable {
    /// The machine slept (suspended, the lid shut).
    case suspend
    /// The screen was locked.
    case lock
    /// Nobody touched a key or the pointer for longer than the desktop's idle delay.
    case idle

    /// How much of a run's away time `total` was this cause's, given the parts booked as a
    /// lock's and an idle stretch's: the rest the machine slept. The one rule a run in progress,
    /// a record and a view state read their parts by.
    public func part(of total: Duration, locked: Duration, idle: Duration) -> Duration {
        switch self {
        case .suspend: max(.zero, total - locked - idle)
        case .lock: locked
        case .idle: idle
        }
    }
}
