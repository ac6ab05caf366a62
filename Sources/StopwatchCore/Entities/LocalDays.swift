/// Local days in a zone, each found once: the day an instant falls in is read from the last day
/// found when it falls in that one (a report reads its runs in order), the zone asked otherwise.
struct LocalDays {
    let zone: any LocalTimeZone
    private var starts: [Int64: Duration] = [:]
    private var last: (day: Int64, start: Duration, end: Duration)?

    init(zone: any LocalTimeZone) {
        self.zone = zone
    }

    mutating func start(ofDay day: Int64) -> Duration {
        if let known = starts[day] { return known }
        let found = zone.start(ofDay: day)
        starts[day] = found
        return found
    }

    mutating func day(of instant: Duration) -> Int64 {
        if let last, instant >= last.start, instant < last.end { return last.day }
        let day = zone.day(of: instant)
        let begins = start(ofDay: day)
        let ends = start(ofDay: day + 1)
        // An instant in a zone's gap or overlap may read as a day its midnights do not hold:
        // remembered only when they do.
        if instant >= begins, instant < ends { last = (day, begins, ends) }
        return day
    }
}
