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
                var mapped = self.row(
                    keys: row.keys.map(Self.text), elapsed: row.elapsed, hours: hours[index], runs: row.runs,
                    completed: row.completed)
                if case .day(let date)? = row.keys.first { mapped.day = date.dayNumber }
                mapped.goalPercent = report.progress(of: row)?.percent
                return mapped
            },
            total: row(
                keys: report.grouping.map { _ in "" }, elapsed: report.total, hours: total / 36_000, runs: report.runs,
                completed: report.completed),
            counted: report.countedLabel,
            damaged: report.damaged,
            kept: report.kept,
            today: report.today
        )
    }

    private func row(keys: [String], elapsed: Duration, hours: Int64, runs: Int, completed: Int) -> ReportViewState.Row
    {
        ReportViewState.Row(
            keys: keys, elapsed: durations.viewState(elapsed), hours: Self.hours(hundredths: hours), runs: runs,
            completed: completed)
    }

    /// The days from `since` to before `until` (local midnights), each with the spans of `report`
    /// that fall in it, on its clock: a span across midnight is cut there; a day of 23 or 25 hours
    /// keeps its hours as its clock shows them.
    public func timeline(_ report: RunReport, since: Duration, until: Duration) -> [ReportViewState.TimelineDay] {
        let first = zone.day(of: since)
        let last = zone.day(of: until - .microseconds(1))
        guard first <= last, last - first < 400 else { return [] }
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return (first...last).map { day in
            let begins = zone.start(ofDay: day)
            let ends = zone.start(ofDay: day + 1)
            let date = CivilDate(dayNumber: day)
            func clock(_ instant: Duration) -> Int64 {
                instant >= ends
                    ? 86_400
                    : max(
                        0, (instant + zone.offset(at: instant) - .seconds(day * 86_400)).wholeMicroseconds / 1_000_000)
            }
            let spans = report.spans.filter { $0.span.upperBound > begins && $0.span.lowerBound < ends }.map { span in
                (
                    name: span.name.rawValue, from: clock(max(span.span.lowerBound, begins)),
                    to: clock(min(span.span.upperBound, ends))
                )
            }
            let label = weekdays[CivilDate.weekday(ofDay: day)] + " " + Self.text(.day(date)).dropFirst(5)
            return ReportViewState.TimelineDay(label: label, spans: spans)
        }
    }

    /// The rows' decimal hours in hundredths, from the same whole milliseconds as their times, so
    /// that they sum to the total's (its hundredths truncated, as every time shown is): each row's
    /// truncated, and the hundredths that truncation lost given one each to the rows that lost
    /// most (largest remainder; the earlier row on a tie).
    static func hundredthsOfHours(_ milliseconds: [Int64], total: Int64) -> [Int64] {
        var hundredths = milliseconds.map { $0 / 36_000 }
        let owed = Int(total / 36_000 - hundredths.reduce(0, +))
        guard owed > 0 else { return hundredths }
        let byRemainder = milliseconds.indices.sorted {
            (milliseconds[$0] % 36_000, $1) > (milliseconds[$1] % 36_000, $0)
        }
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
        case .phase(let label), .cause(let label): return label
        }
    }
}
