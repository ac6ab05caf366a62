import StopwatchCore

/// `--start` or `--end` of `edit` as typed: a moment to move it to (`WhenWord`), or a signed
/// duration to move it by (`+10m` later, `-10m` earlier).
public enum TimeCorrectionWord: Sendable, Hashable {
    case to(WhenWord)
    case by(Duration)

    /// Nil for text that is neither.
    public init?(_ text: String) {
        if let when = WhenWord(text) {
            self = .to(when)
        } else if let sign = text.first, sign == "+" || sign == "-",
            let amount = try? DurationSyntax.parse(String(text.dropFirst()))
        {
            self = .by(sign == "-" ? .zero - amount : amount)
        } else {
            return nil
        }
    }

    /// The Core's `TimeCorrection`, a day read as of `now` in `zone`.
    func correction(now: Duration, zone: any LocalTimeZone) -> TimeCorrection {
        switch self {
        case .to(let when): .to(when.moment(now: now, zone: zone))
        case .by(let amount): .by(amount)
        }
    }
}
