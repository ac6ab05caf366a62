import StopwatchCore

extension StopwatchUIMapper {
    /// Today and this week as `today` shows them, beside the stopwatch `list --format` shows.
    public func viewState(_ summary: TodaySummary) -> TodayViewState {
        TodayViewState(
            day: period(summary.day, word: "today"), week: period(summary.week, word: "week"),
            timer: StopwatchViewState.pressing(summary.inUse.map { viewState($0, at: summary.now) })?.shown
        )
    }

    private func period(_ progress: GoalProgress, word: String) -> TodayViewState.Period {
        TodayViewState.Period(
            word: word, booked: durations.viewState(progress.total.booked), completed: progress.total.completed,
            goalTime: progress.goal.time.map(Goal.text(of:)), goalMicroseconds: progress.goal.time?.wholeMicroseconds,
            goalCount: progress.goal.count,
            timeLeft: progress.goal.time.map {
                durations.remainingViewState(duration: $0, elapsed: progress.total.booked)
            },
            countLeft: progress.countLeft, percent: progress.percent, isReached: progress.isReached
        )
    }
}
