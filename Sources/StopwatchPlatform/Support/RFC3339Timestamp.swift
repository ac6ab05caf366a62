import StopwatchCore

/// Converts wall-clock times (durations since the Unix epoch) to and from RFC 3339 text with
/// microseconds, `2026-11-21T13:50:26.123456Z`, without Foundation's calendars.
///
/// Six fraction digits keep a stored time exact to the microsecond. Days are converted with the
/// proleptic Gregorian civil-date algorithm, valid for any year from 0 to 9999.
enum RFC3339Timestamp {
    /// UTC: `2026-11-21T13:50:26.123456Z`.
    static func string(from sinceEpoch: Duration) -> String {
        dateTime(sinceEpoch) + "Z"
    }

    /// Local time `offset` ahead of UTC, with that offset: `2026-11-21T14:50:26.123456+01:00`.
    static func string(from sinceEpoch: Duration, offset: Duration) -> String {
        let minutes = offset.wholeMicroseconds / 60_000_000
        let sign = minutes < 0 ? "-" : "+"
        return dateTime(sinceEpoch + offset) + "\(sign)\(pad(abs(minutes) / 60, 2)):\(pad(abs(minutes) % 60, 2))"
    }

    /// The number of the day that `sinceEpoch` falls in, counted from 1970-01-01 (day 0).
    static func day(_ sinceEpoch: Duration) -> Int64 {
        floorDivide(sinceEpoch.wholeMicroseconds, 86_400_000_000).0
    }

    /// `YYYY-MM-DD` of the day that `sinceEpoch` falls in.
    static func date(_ sinceEpoch: Duration) -> String {
        let (year, month, day) = civilDate(fromDays: day(sinceEpoch))
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `HH:MM:SS.ffffff` of the day that `sinceEpoch` falls in.
    static func timeOfDay(_ sinceEpoch: Duration) -> String {
        let microsOfDay = floorDivide(sinceEpoch.wholeMicroseconds, 86_400_000_000).1
        let seconds = microsOfDay / 1_000_000
        return
            "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(microsOfDay % 1_000_000, 6))"
    }

    /// Appends `string(from:)`'s text to `bytes`, without making a string: `laps --csv` and
    /// `--json` write a hundred thousand. `day` keeps the last day's date, written once a day.
    static func append(_ sinceEpoch: Duration, to bytes: inout [UInt8], day: inout (number: Int64, date: [UInt8])?) {
        let (number, micros) = floorDivide(sinceEpoch.wholeMicroseconds, 86_400_000_000)
        if day?.number != number { day = (number, Array(date(sinceEpoch).utf8)) }
        bytes += day!.date
        bytes.append(UInt8(ascii: "T"))
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        let seconds = micros / 1_000_000
        digits(seconds / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(seconds / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(seconds % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(micros % 1_000_000, 6)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// ISO 8601's basic form in UTC, to the second (truncated), as Timewarrior and iCalendar
    /// write an instant: `20261121T135026Z`.
    static func basic(_ sinceEpoch: Duration) -> String {
        let text = dateTime(sinceEpoch)
        return String(text.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    /// Parses `basic`'s form: `YYYYMMDDTHHMMSSZ`; nil for anything else.
    static func duration(fromBasic text: String) -> Duration? {
        let digits = Array(text.utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digits[index]) else { return nil }
                value = value * 10 + Int64(digits[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), (1...12).contains(month), let day = number(6..<8),
            (1...CivilDate.daysInMonth(month, year: year)).contains(day), let hour = number(9..<11), hour < 24,
            let minute = number(11..<13), minute < 60,
            let second = number(13..<15), second < 60
        else { return nil }
        return .seconds(
            CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3600 + minute * 60 + second)
    }

    private static func dateTime(_ sinceEpoch: Duration) -> String {
        date(sinceEpoch) + "T" + timeOfDay(sinceEpoch)
    }

    /// Parses what `string(from:)` writes; also accepts fewer fraction digits, none, and a numeric
    /// offset (`+02:00`) instead of `Z`.
    static func duration(from text: String) -> Duration? {
        // Read in place: copying the text out cost `laps` of a hundred thousand a tenth of its time.
        var text = text
        return text.withUTF8 { duration(fromUTF8: $0) }
    }

    private static func duration(fromUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Duration? {
        var scanner = DigitScanner(utf8)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), (1...12).contains(month), scanner.skip("-"),
            let day = scanner.number(digits: 2), (1...CivilDate.daysInMonth(month, year: year)).contains(day),
            scanner.skip("T") || scanner.skip("t"),
            let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
            let minute = scanner.number(digits: 2), minute < 60, scanner.skip(":"),
            let second = scanner.number(digits: 2), second < 60
        else { return nil }
        var micros: Int64 = 0
        if scanner.skip(".") {
            guard let (fraction, count) = scanner.fraction(), count > 0 else { return nil }
            micros = fraction
        }
        var offsetSeconds: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
        } else if let sign = scanner.sign(), let offsetHour = scanner.number(digits: 2), scanner.skip(":"),
            let offsetMinute = scanner.number(digits: 2), offsetHour < 24, offsetMinute < 60
        {
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let days = CivilDate(year: year, month: month, day: day).dayNumber
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return .seconds(seconds) + .microseconds(micros)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let date = CivilDate(dayNumber: days)
        return (date.year, date.month, date.day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width numbers and punctuation from UTF-8 text, for `RFC3339Timestamp`.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard let digit = Self.digit(byte) else { return nil }
            value = value * 10 + digit
        }
        index += digits
        return value
    }

    /// A run of digits after the decimal point, as microseconds (truncated), and the digit count.
    mutating func fraction() -> (Int64, Int)? {
        var micros: Int64 = 0
        var count = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            if count < 6 { micros = micros * 10 + digit }
            count += 1
            index += 1
        }
        for _ in min(count, 6)..<6 { micros *= 10 }
        return (micros, count)
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
    }
}
