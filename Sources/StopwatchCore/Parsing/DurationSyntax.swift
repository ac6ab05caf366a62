/// The one grammar for every duration the tool reads, and the canonical text it writes back.
///
/// Accepted: plain seconds (`90`, `0.3`); numbers with units in decreasing order, each at most
/// once, with or without spaces between them (`2d3h`, `1h 30m`, `1.5h`, `250ms`, `2 hours`); and
/// clock forms `M:SS` and `H:MM:SS`, the last part with an optional fraction (`1:30`,
/// `01:02:03.25`). Units are the words systemd.time takes, in lower case: `w week weeks`,
/// `d day days`, `h hr hrs hour hours`, `m min mins minute minutes`, `s sec secs second seconds`,
/// `ms msec`, `us usec µs`. Any number may have a fraction. The result is truncated to whole
/// microseconds and must be above zero and at most `maximum`.
public enum DurationSyntax {
    /// 100 years of 365.25 days.
    public static let maximum: Duration = .seconds(36_525 * 86_400)

    /// The duration `text` writes (`25m`, `1h30m`, `90` seconds, `00:25:00`), or why it is not one,
    /// with what was probably meant.
    public static func parse(_ text: String) throws(DurationSyntaxError) -> Duration {
        let micros: Int64
        do {
            micros = try microseconds(in: text)
        } catch {
            // A guess is offered only if it is a duration itself: `1e3` is no `1m3`.
            var error = error
            if let suggestion = error.suggestion, ((try? microseconds(in: suggestion)) ?? 0) <= 0 {
                error.suggestion = nil
            }
            throw error
        }
        guard micros > 0 else { throw DurationSyntaxError(text, .zero) }
        return .microseconds(micros)
    }

    /// True for a word that names a unit (`min`, `hours`, `s`): what `timer 5 min` leaves as a name.
    public static func isUnit(_ word: String) -> Bool {
        Unit.size(of: word) != nil
    }

    /// The canonical text of `duration`, which `parse` reads back to the same whole microseconds:
    /// units from days down, zero parts left out, seconds with up to six decimals (`1h2m3.5s`).
    public static func format(_ duration: Duration) -> String {
        let micros = max(0, duration.wholeMicroseconds)
        guard micros > 0 else { return "0s" }
        var text = ""
        var rest = micros
        for (unit, size) in [("d", Unit.day), ("h", Unit.hour), ("m", Unit.minute)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        if rest > 0 {
            let (whole, fraction) = (rest / Unit.second, rest % Unit.second)
            if fraction == 0 {
                text += "\(whole)s"
            } else {
                var digits = String(fraction)
                digits = String(repeating: "0", count: 6 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "\(whole).\(digits)s"
            }
        }
        return text
    }

    private enum Unit {
        static let microsecond: Int64 = 1
        static let millisecond: Int64 = 1_000
        static let second: Int64 = 1_000_000
        static let minute: Int64 = 60 * second
        static let hour: Int64 = 60 * minute
        static let day: Int64 = 24 * hour
        static let week: Int64 = 7 * day

        /// Largest first: a unit may only follow a larger one. The first word of each is the short
        /// form a message suggests.
        static let all: [(size: Int64, words: [String])] = [
            (week, ["w", "week", "weeks"]),
            (day, ["d", "day", "days"]),
            (hour, ["h", "hr", "hrs", "hour", "hours"]),
            (minute, ["m", "min", "mins", "minute", "minutes"]),
            (second, ["s", "sec", "secs", "second", "seconds"]),
            (millisecond, ["ms", "msec"]),
            (microsecond, ["us", "usec", "µs", "μs"]),
        ]

        /// Every word, short forms first and the commonest of those first, so a tie in a "did you
        /// mean" goes to `m` rather than `w`.
        static let suggestions: [String] = ["m", "s", "h", "d", "ms", "us", "w"] + all.flatMap { $0.words.dropFirst() }

        /// Units of calendar time, which have no fixed length: refused without a guess, since the
        /// nearest unit word (`m` for `M`, months) would be the wrong one.
        static let calendar: Set<String> = ["y", "yr", "yrs", "year", "years", "M", "mo", "month", "months"]

        static func size(of word: String) -> Int64? {
            all.first { $0.words.contains(word) }?.size
        }

        static func shortName(below size: Int64) -> String? {
            all.first { $0.size < size }?.words[0]
        }
    }

    private static func microseconds(in text: String) throws(DurationSyntaxError) -> Int64 {
        let characters = Array(text.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !characters.isEmpty else { throw DurationSyntaxError(text, .empty) }
        if characters.first == "-" { throw DurationSyntaxError(text, .negative) }
        let total: Int64
        if characters.contains(":") {
            total = try clockMicroseconds(characters, text: text)
        } else if characters.allSatisfy({ $0 == "." || isDigit($0) }) {
            total = try number(characters[...], times: Unit.second, text: text)
        } else {
            total = try unitsMicroseconds(characters, text: text)
        }
        guard total <= maximum.wholeMicroseconds else { throw DurationSyntaxError(text, .tooLong) }
        return total
    }

    /// `M:SS` or `H:MM:SS`; the first part is unbounded, the others below 60.
    private static func clockMicroseconds(_ characters: [Unicode.Scalar], text: String) throws(DurationSyntaxError)
        -> Int64
    {
        let parts = characters.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { throw DurationSyntaxError(text, .malformed) }
        let sizes = parts.count == 2 ? [Unit.minute, Unit.second] : [Unit.hour, Unit.minute, Unit.second]
        var total: Int64 = 0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ isDigit($0) || (isLast && $0 == ".") }) else {
                throw DurationSyntaxError(text, .malformed)
            }
            let value = try number(part, times: sizes[index], text: text)
            if index > 0, value >= 60 * sizes[index] {
                throw DurationSyntaxError(text, .partOutOfRange(String(String.UnicodeScalarView(part))))
            }
            total = try adding(total, value, text: text)
        }
        return total
    }

    /// Numbers each followed by a unit, units in decreasing order, spaces allowed between.
    private static func unitsMicroseconds(_ characters: [Unicode.Scalar], text: String) throws(DurationSyntaxError)
        -> Int64
    {
        var total: Int64 = 0
        var index = 0
        var smallestSoFar = Int64.max
        var outOfOrder: String?
        while index < characters.count {
            let numberStart = index
            while index < characters.count, isDigit(characters[index]) || characters[index] == "." { index += 1 }
            let digits = characters[numberStart..<index]
            while index < characters.count, characters[index] == " " { index += 1 }
            let unitStart = index
            while index < characters.count, isLetter(characters[index]) { index += 1 }
            let unitName = String(String.UnicodeScalarView(characters[unitStart..<index]))
            while index < characters.count, characters[index] == " " { index += 1 }
            guard !digits.isEmpty else { throw DurationSyntaxError(text, .malformed) }
            guard !unitName.isEmpty else {
                guard index == characters.count, numberStart > 0 else { throw DurationSyntaxError(text, .malformed) }
                let number = String(String.UnicodeScalarView(digits))
                let suggestion = Unit.shortName(below: smallestSoFar).map { text + $0 }
                throw DurationSyntaxError(text, .missingUnit(number), suggestion: suggestion)
            }
            guard let size = Unit.size(of: unitName) else {
                let guess = Unit.calendar.contains(unitName) ? nil : ClosestMatch.to(unitName, among: Unit.suggestions)
                let suggestion = guess.map { unit in
                    String(String.UnicodeScalarView(characters[..<unitStart])) + unit
                        + String(String.UnicodeScalarView(characters[(unitStart + unitName.unicodeScalars.count)...]))
                }
                throw DurationSyntaxError(text, .unknownUnit(unitName), suggestion: suggestion)
            }
            if size >= smallestSoFar, outOfOrder == nil { outOfOrder = unitName }
            smallestSoFar = min(smallestSoFar, size)
            total = try adding(total, try number(digits, times: size, text: text), text: text)
        }
        if let outOfOrder {
            let suggestion = total > 0 && total <= maximum.wholeMicroseconds ? format(.microseconds(total)) : nil
            throw DurationSyntaxError(text, .unitOutOfOrder(outOfOrder), suggestion: suggestion)
        }
        return total
    }

    /// `digits` (with at most one `.`) times `size` microseconds, truncated to a whole microsecond.
    private static func number(_ digits: ArraySlice<Unicode.Scalar>, times size: Int64, text: String)
        throws(DurationSyntaxError) -> Int64
    {
        let pieces = digits.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count <= 2, !pieces[0].isEmpty || (pieces.count == 2 && !pieces[1].isEmpty) else {
            throw DurationSyntaxError(text, .malformed)
        }
        var whole: Int64 = 0
        for digit in pieces[0] {
            let (shifted, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.addingReportingOverflow(Int64(digit.value - 48))
            guard !overflow1, !overflow2 else { throw DurationSyntaxError(text, .tooLong) }
            whole = next
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: size)
        guard !overflow else { throw DurationSyntaxError(text, .tooLong) }
        guard pieces.count == 2 else { return scaled }
        // Eight fraction digits at most: enough for a microsecond of an hour; further digits only
        // matter below that. The product is taken in 128 bits, so a week's fraction cannot overflow.
        var fraction: Int128 = 0
        var scale: Int128 = 1
        for digit in pieces[1].prefix(8) {
            fraction = fraction * 10 + Int128(digit.value - 48)
            scale *= 10
        }
        return try adding(scaled, Int64(fraction * Int128(size) / scale), text: text)
    }

    private static func adding(_ a: Int64, _ b: Int64, text: String) throws(DurationSyntaxError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw DurationSyntaxError(text, .tooLong) }
        return sum
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "µ" || scalar == "μ"
    }
}
