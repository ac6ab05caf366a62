/// The one grammar for every duration the tool reads, and the canonical text it writes back.
///
/// Accepted: plain seconds (`90`, `0.3`); numbers with units in decreasing order, each at most once
/// (`2d3h`, `1h2m3.5s`, `1.5h`, `250ms`; units d, h, m, s, ms, us); and clock forms `M:SS` and
/// `H:MM:SS`, the last part with an optional fraction (`1:30`, `01:02:03.25`). Any number may have
/// a fraction. The result is truncated to whole microseconds and must be above zero and at most
/// `maximum`.
public enum DurationSyntax {
    /// 100 years of 365.25 days.
    public static let maximum: Duration = .seconds(36_525 * 86_400)

    public static func parse(_ text: String) throws(DurationSyntaxError) -> Duration {
        let micros = try microseconds(in: text)
        guard micros > 0 else { throw DurationSyntaxError(text, .zero) }
        return .microseconds(micros)
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

        /// Largest first: a unit may only follow a larger one.
        static let all: [(name: String, size: Int64)] = [
            ("d", day), ("h", hour), ("m", minute), ("s", second), ("ms", millisecond), ("us", microsecond),
        ]
    }

    private static func microseconds(in text: String) throws(DurationSyntaxError) -> Int64 {
        let characters = Array(text.unicodeScalars)
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
    private static func clockMicroseconds(_ characters: [Unicode.Scalar], text: String) throws(DurationSyntaxError) -> Int64 {
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

    /// Numbers each followed by a unit, units in decreasing order.
    private static func unitsMicroseconds(_ characters: [Unicode.Scalar], text: String) throws(DurationSyntaxError) -> Int64 {
        var total: Int64 = 0
        var index = 0
        var smallestSoFar = Int64.max
        while index < characters.count {
            let numberStart = index
            while index < characters.count, isDigit(characters[index]) || characters[index] == "." { index += 1 }
            let digits = characters[numberStart..<index]
            let unitStart = index
            while index < characters.count, isLetter(characters[index]) { index += 1 }
            let unitName = String(String.UnicodeScalarView(characters[unitStart..<index]))
            guard !digits.isEmpty else { throw DurationSyntaxError(text, .malformed) }
            guard !unitName.isEmpty else {
                if index == characters.count, numberStart > 0 {
                    throw DurationSyntaxError(text, .missingUnit(String(String.UnicodeScalarView(digits))))
                }
                throw DurationSyntaxError(text, .malformed)
            }
            let canonicalUnit = unitName == "µs" ? "us" : unitName
            guard let size = Unit.all.first(where: { $0.name == canonicalUnit })?.size else {
                throw DurationSyntaxError(text, .unknownUnit(unitName))
            }
            guard size < smallestSoFar else { throw DurationSyntaxError(text, .unitOutOfOrder(unitName)) }
            smallestSoFar = size
            total = try adding(total, try number(digits, times: size, text: text), text: text)
        }
        return total
    }

    /// `digits` (with at most one `.`) times `size` microseconds, truncated to a whole microsecond.
    private static func number(_ digits: ArraySlice<Unicode.Scalar>, times size: Int64, text: String) throws(DurationSyntaxError) -> Int64 {
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
        // Eight fraction digits at most: enough for a microsecond of an hour, and the product with
        // a day's microseconds still fits in 64 bits. Further digits only matter below that.
        var fraction: Int64 = 0
        var scale: Int64 = 1
        for digit in pieces[1].prefix(8) {
            fraction = fraction * 10 + Int64(digit.value - 48)
            scale *= 10
        }
        return try adding(scaled, fraction * size / scale, text: text)
    }

    private static func adding(_ a: Int64, _ b: Int64, text: String) throws(DurationSyntaxError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw DurationSyntaxError(text, .tooLong) }
        return sum
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "µ"
    }
}
