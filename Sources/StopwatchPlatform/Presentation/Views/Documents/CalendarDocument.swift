/// Runs as an iCalendar (RFC 5545) document: one `VEVENT` a run that ended, its id the event's
/// `UID`, from its start to its end (`DTSTART`, `DTEND`, UTC), its name the `SUMMARY`, its tags the
/// `CATEGORIES`; `DTSTAMP` its end, so the same history gives the same bytes. Lines end in CRLF and
/// are folded at 75 octets.
struct CalendarDocument {
    var runs: [RunViewState]

    var text: String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//stopwatch//stopwatch//EN", "CALSCALE:GREGORIAN"]
        for run in runs.sorted(by: { $0.utcStart < $1.utcStart }) {
            guard let end = run.utcEnd else { continue }
            lines += [
                "BEGIN:VEVENT", "UID:\(run.id)@stopwatch", "DTSTAMP:\(end)", "DTSTART:\(run.utcStart)", "DTEND:\(end)",
                "SUMMARY:\(Self.escaped(run.name))",
            ]
            if !run.tags.isEmpty { lines.append("CATEGORIES:" + run.tags.map(Self.escaped).joined(separator: ",")) }
            lines.append(
                "DESCRIPTION:"
                    + Self.escaped("\(run.plan), \(run.elapsed.clock) counted" + (run.isEstimated ? ", estimated" : ""))
            )
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined()
    }

    /// Text as a value: backslash, semicolon, comma and newline escaped.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\", ";", ",": escaped += "\\" + String(character)
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `line` with CRLF, folded so no line is longer than 75 octets (a fold is CRLF and a space),
    /// never inside a character.
    static func folded(_ line: String) -> String {
        var result = ""
        var current = 0
        for character in line {
            let octets = character.utf8.count
            if current + octets > 75 {
                result += "\r\n "
                current = 1
            }
            result.append(character)
            current += octets
        }
        return result + "\r\n"
    }
}
