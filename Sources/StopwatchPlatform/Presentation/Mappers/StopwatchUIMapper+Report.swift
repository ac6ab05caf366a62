import StopwatchCore

extension StopwatchUIMapper {
    /// A report's rows as a view shows them.
    public func viewState(_ report: RunReport) -> ReportViewState {
        ReportViewState(
            grouping: report.grouping.map(\.rawValue),
            rows: report.rows.map { row in self.row(keys: row.keys.map(Self.text), elapsed: row.elapsed, runs: row.runs) },
            total: row(keys: report.grouping.map { _ in "" }, elapsed: report.total, runs: report.runs),
            damaged: report.damaged
        )
    }

    private func row(keys: [String], elapsed: Duration, runs: Int) -> ReportViewState.Row {
        ReportViewState.Row(keys: keys, elapsed: durations.viewState(elapsed), hours: Self.hours(elapsed), runs: runs)
    }

    /// Decimal hours, truncated to hundredths, as every time shown is: `1.25`.
    static func hours(_ duration: Duration) -> String {
        let hundredths = duration.wholeMicroseconds / 36_000_000
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
    }

    static func text(_ key: RunReport.Key) -> String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        switch key {
        case .day(let date): return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
        case .week(let year, let week): return "\(pad(year, 4))-W\(pad(Int64(week), 2))"
        case .month(let year, let month): return "\(pad(year, 4))-\(pad(month, 2))"
        case .name(let name): return name.rawValue
        case .tags(let tags): return tags
        case .phase(let label): return label
        }
    }
}
