import StopwatchCore

extension StopwatchUIMapper {
    /// A report's rows as a view shows them: decimal hours that sum to the total's
    /// (`hundredthsOfHours`).
    public func viewState(_ report: RunReport) -> ReportViewState {
        let total = report.total.wholeMicroseconds / 1000
        let hours = Self.hundredthsOfHours(report.rows.map { $0.elapsed.wholeMicroseconds / 1000 }, total: total)
        return ReportViewState(
            grouping: report.grouping.map(\.rawValue),
            rows: report.rows.enumerated().map { index, row in
                var mapped = self.row(keys: row.keys.map(Self.text), elapsed: row.elapsed, hours: hours[index], runs: row.runs, completed: row.completed)
                if case .day(let date)? = row.keys.first { mapped.day = date.dayNumber }
                return mapped
            },
            total: row(keys: report.grouping.map { _ in "" }, elapsed: report.total, hours: total / 36_000, runs: report.runs, completed: report.completed),
            counted: report.countedLabel,
            damaged: report.damaged,
            today: report.today
        )
    }

    private func row(keys: [String], elapsed: Duration, hours: Int64, runs: Int, completed: Int) -> ReportViewState.Row {
        ReportViewState.Row(keys: keys, elapsed: durations.viewState(elapsed), hours: Self.hours(hundredths: hours), runs: runs, completed: completed)
    }

    /// The rows' decimal hours in hundredths, from the same whole milliseconds as their times, so
    /// that they sum to the total's (its hundredths truncated, as every time shown is): each row's
    /// truncated, and the hundredths that truncation lost given one each to the rows that lost
    /// most (largest remainder; the earlier row on a tie).
    static func hundredthsOfHours(_ milliseconds: [Int64], total: Int64) -> [Int64] {
        var hundredths = milliseconds.map { $0 / 36_000 }
        let owed = Int(total / 36_000 - hundredths.reduce(0, +))
        guard owed > 0 else { return hundredths }
        let byRemainder = milliseconds.indices.sorted { (milliseconds[$0] % 36_000, $1) > (milliseconds[$1] % 36_000, $0) }
        for index in byRemainder.prefix(owed) { hundredths[index] += 1 }
        return hundredths
    }

    /// Decimal hours from hundredths: `1.25`.
    static func hours(hundredths: Int64) -> String {
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
