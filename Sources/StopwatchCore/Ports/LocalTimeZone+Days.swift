extension LocalTimeZone {
    /// The number of the local day `instant` falls in (days since 1970-01-01).
    public func day(of instant: Duration) -> Int64 {
        let local = (instant + offset(at: instant)).wholeMicroseconds
        return local >= 0 ? local / 86_400_000_000 : (local - 86_399_999_999) / 86_400_000_000
    }

    /// The instant local day `day` begins: its midnight, found from the offsets around it
    /// (twice, so a daylight-saving change that day is taken into account). A day is 23 or 25
    /// hours long across such a change (23.5 or 24.5 at Lord Howe).
    public func start(ofDay day: Int64) -> Duration {
        let local = Duration.seconds(day * 86_400)
        let guess = local - offset(at: local)
        return local - offset(at: guess)
    }
}
