import StopwatchCore
import Synchronization

/// Judges a stopwatch's latest lap best or worst against its whole lap history, which it reads
/// only when the lap is new (the live view).
///
/// A class, held by a view model as an optional reference: a view model that judges nothing (a
/// one-shot `status`) holds nil, and pays nothing for the use case or the statistics kept here.
public final class LapJudge: Sendable {
    private let loadLaps: LoadLapsUseCase
    /// The latest lap judged, and the statistics it was judged by.
    private let judged = Mutex<Judged?>(nil)

    private struct Judged {
        var lap: Lap?
        var statistics: LapStatistics?
    }

    public init(loadLaps: LoadLapsUseCase) {
        self.loadLaps = loadLaps
    }

    /// The statistics of `state`'s whole history, read again only when its latest lap is new; nil
    /// with fewer than two laps.
    func statistics(for state: StopwatchState) -> LapStatistics? {
        guard state.lapCount >= 2 else { return nil }
        if let judged = judged.withLock({ $0 }), judged.lap == state.latestLap { return judged.statistics }
        let statistics = (try? loadLaps.execute(state.name)).flatMap {
            LapStatistics($0.laps, resolution: DurationTextMapper.shownResolution)
        }
        judged.withLock { $0 = Judged(lap: state.latestLap, statistics: statistics) }
        return statistics
    }
}
