/// Lays out what every surface shows of a stopwatch, from its view state: the one-line form
/// (`status`, the live line, the events of a live view into a pipe), the row of a table (`list`,
/// `watch --all`) and the line of a lap. Each wording is decided here once: the status word, a
/// countdown's time with `left` or `ago`, the lap count, the best/worst mark, the end time and
/// the progress bar.
///
/// Given a width, whole parts are left out by rank, never cut: the time always stays, and from
/// 16 columns up a countdown's time keeps its `left` or `ago`.
enum StopwatchLineComposer {
    /// One part of a line: its text with the separator before it, and how long it stays when room
    /// is short (higher stays longer).
    struct Part: Hashable {
        var text: String
        var rank: Int
        /// The text to use when even the part alone is too wide (a countdown's time without its
        /// word, in fewer than 16 columns; a cycle's time alone, where its phase without the word
        /// does not fit either); for any other part, where the whole does not fit beside those
        /// that rank higher (away time waiting for a decision: `, away?`).
        var narrow: String?
        /// A cycle's time without its word, `work 1 24:59.22`: what it shows first where the
        /// whole does not fit, at any width.
        var unworded: String?
    }

    /// How much of a time a line shows: all of it (`work 1 24:59.22 left`, `04:59.12 left`),
    /// a cycle's without its word (`work 1 24:59.22`), or the time alone (`24:59.22`).
    enum TimeForm: Hashable {
        case full
        case unworded
        case bare
    }

    /// What a line holds beyond the name, status, time, laps and the total of a countdown.
    struct Extras: Hashable {
        /// `, ends 17:30`: the local time a running countdown ends.
        var endTime = false
        /// ` [#####---------------] 25%`.
        var progress = false
        /// A cycle's round laid out, the phase it is in marked: ` work [break] work long-break`.
        var phases = false
        /// `  (press r again to reset)`: what the live view says of a key.
        var hint: String?
    }

    static let timeRank = 100
    /// A countdown's word after its time, as `appendTime` puts it in.
    /// The words after a countdown's time, and the mark before an estimated one: written once,
    /// for the line (as bytes) and the bars' whole seconds alike.
    private static let (leftWord, agoWord, overWord, estimatedMark) = (" left", " ago", " over", "~")
    private static let (left, ago, over) = (Array(leftWord.utf8), Array(agoWord.utf8), Array(overWord.utf8))
    /// Below this many columns, a countdown's time may show without its `left` or `ago`.
    static let narrowWidth = 16

    // MARK: Words

    /// `running`, `waiting`, `paused`, `initial` or `expired`: the word a person reads, on every surface.
    static func statusWord(_ state: StopwatchViewState) -> String {
        // A cycle's run over has ended, by its last phase or by `next`: nothing expired. Its
        // token (JSON, bars, `{status}`) stays `expired`, as a countdown's.
        state.status == .expired && state.phase != nil ? "ended" : statusWord(state.status)
    }

    static func statusWord(_ status: DisplayStatus) -> String {
        switch status {
        case .initial: "initial"
        case .running: "running"
        case .paused: "paused"
        case .expired: "expired"
        case .waiting: "waiting"
        }
    }

    /// `01:02.34`; a countdown's `04:59.12 left` or `00:03.21 ago`; `~` before an estimate; in a
    /// narrower `form`, less of it.
    static func time(_ state: StopwatchViewState, form: TimeForm = .full) -> String {
        var bytes: [UInt8] = []
        appendTime(of: state, form: form, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The time alone: elapsed, or a countdown's time left or over.
    static func bareTime(_ state: StopwatchViewState) -> String {
        time(state, form: .bare)
    }

    /// `time(_:form:)` appended to `bytes` as UTF-8: the one place that words a time, in bytes
    /// because the live line puts one in every 10 ms.
    ///
    /// A cycle's time is its phase's, `work 2/8 24:59.12 left` (unworded `work 2/8 24:59.12`,
    /// bare `24:59.12`), until the cycle has ended. A countdown's has no unworded form of its own
    /// (its word goes only with the rest, below `narrowWidth`).
    static func appendTime(of state: StopwatchViewState, form: TimeForm, to bytes: inout [UInt8]) {
        if state.isEstimated { bytes.append(contentsOf: estimatedMark.utf8) }
        // The rule's answer read straight from the view state, not its whole `shown`: the live
        // line puts a time here on every tick.
        let told = state.told
        switch told.against {
        case .phase:
            if form != .bare { state.phase?.appendPrefix(to: &bytes) }
            (told.direction == .over ? state.phaseOver : state.phaseLeft).appendClock(to: &bytes)
        case .end:
            let countdown = state.countdown
            (told.direction == .ago ? countdown?.overtime : countdown?.remaining)?.appendClock(to: &bytes)
        case .elapsed:
            state.elapsed.appendClock(to: &bytes)
        }
        guard form == .full else { return }
        switch told.direction {
        case .up: break
        case .left: bytes.append(contentsOf: Self.left)
        case .over: bytes.append(contentsOf: Self.over)
        case .ago: bytes.append(contentsOf: Self.ago)
        }
    }

    /// A template field's text (`StatusTemplate`): the same words and times as every other
    /// surface, or nothing where the field does not apply.
    static func field(_ field: StatusTemplate.StopwatchField, of state: StopwatchViewState) -> String {
        let countdown = state.countdown
        switch field {
        case .name: return state.name
        case .status: return statusWord(state.status)
        case .time: return state.elapsed.clock
        case .timeSeconds: return wholeSeconds(state.elapsed.microseconds)
        case .left:
            guard let countdown else { return "" }
            return countdown.isExpired ? DurationTextMapper().clock(.zero) : countdown.remaining.clock
        case .leftSeconds:
            guard let countdown else { return "" }
            return wholeSeconds(wholeSecondsLeft(countdown, elapsed: state.elapsed.microseconds) * 1_000_000)
        case .over:
            if state.status == .waiting { return state.phaseOver.clock }
            guard let countdown, countdown.isExpired else { return "" }
            return countdown.overtime.clock
        case .overSeconds:
            if state.status == .waiting { return wholeSeconds(state.phaseOver.microseconds) }
            guard let countdown, countdown.isExpired else { return "" }
            return wholeSeconds(countdown.overtime.microseconds)
        case .laps: return String(state.lapCount)
        case .percent:
            return countdown.map { String(wholeSecondsPercent($0, elapsed: state.elapsed.microseconds)) } ?? ""
        case .ends: return countdown?.endsAt ?? ""
        case .text: return barText(state)
        // How many more: the template's (`StatusTemplate.text(for:more:)`).
        case .more: return ""
        case .phase: return state.phase?.label ?? ""
        case .phasePosition: return state.phase?.position ?? ""
        case .phaseLeft: return state.phase == nil ? "" : state.phaseLeft.clock
        case .phaseLeftSeconds:
            guard let phase = state.phase else { return "" }
            return wholeSeconds(wholeSecondsLeft(phase, of: state) * 1_000_000)
        case .phasePercent: return state.phase.map { String(wholeSecondsPercent($0, of: state)) } ?? ""
        case .phaseEnds: return state.phase?.endsAt ?? ""
        case .nextPhase: return state.phase?.next ?? ""
        case .round: return state.phase.map { PhaseViewState.position(number: $0.round, count: $0.rounds) } ?? ""
        case .away: return state.away.time.microseconds > 0 ? state.away.time.clock : ""
        case .awaySeconds: return state.away.time.microseconds > 0 ? wholeSeconds(state.away.time.microseconds) : ""
        }
    }

    /// What a status bar shows, in whole seconds: `build 01:02`, `tea 04:57 left`, `tea 00:03
    /// ago`, `build 01:02 paused`, `build 00:00 initial`; without the name, `short_text`.
    static func barText(_ state: StopwatchViewState, withName: Bool = true) -> String {
        let shown = state.shown
        let prefix = shown.phase.map { $0.label + " " } ?? ""
        let time: String
        switch shown.direction {
        case .up: time = wholeSeconds(state.elapsed.microseconds)
        case .left: time = prefix + wholeSeconds((wholeSecondsLeft(state) ?? 0) * 1_000_000) + leftWord
        case .over: time = prefix + wholeSeconds(shown.time.microseconds) + overWord
        case .ago: time = prefix + wholeSeconds(shown.time.microseconds) + agoWord
        }
        let status = state.status == .paused || state.status == .initial ? " " + statusWord(state) : ""
        // Another machine's, as of the last sync, says where it runs (as `list` does).
        let machine = state.runsOn.map { " @" + $0 } ?? ""
        return (withName ? state.name + " " : "") + (state.isEstimated ? estimatedMark : "") + time + status + machine
    }

    /// How many more there are besides the one a bar or template shows (`list --format`): ` +2`,
    /// its space first, or nothing for none.
    static func more(_ count: Int) -> String {
        count == 0 ? "" : " +\(count)"
    }

    // MARK: What the time is told against

    /// The time left, at each precision, of what the run's time is told against: a cycle's phase
    /// while it has one (its `phaseLeft`), else a countdown's, else nil (a stopwatch). What every
    /// surface that shows one time left shows: the line, a bar's text, its `percentage` and
    /// tooltip, the window title, `--format ms` and `seconds`.
    static func left(_ state: StopwatchViewState) -> DurationViewState? {
        state.shown.left
    }

    /// `left(_:)` in whole seconds, by the one rule (`DurationTextMapper.left`).
    static func wholeSecondsLeft(_ state: StopwatchViewState) -> Int64? {
        // Read straight from the view state, not its whole `shown`: the window title asks it on
        // every tick.
        switch state.told.against {
        case .phase: return state.phase.map { wholeSecondsLeft($0, of: state) }
        case .end: return state.countdown.map { wholeSecondsLeft($0, elapsed: state.elapsed.microseconds) }
        case .elapsed: return nil
        }
    }

    /// The share elapsed of what the time is told against, in whole seconds, in percent,
    /// truncated (100 once over); nil for a stopwatch. Counted in whole seconds, as a bar's time
    /// is, so it changes only when the bar's time does, never between two of its seconds.
    static func wholeSecondsPercent(_ state: StopwatchViewState) -> Int? {
        let shown = state.shown
        guard let length = shown.length, let spent = shown.spent else { return nil }
        return DurationTextMapper.permille(duration: length, elapsed: spent, unit: 1_000_000, isExpired: shown.isOver)
            / 10
    }

    /// The local time what the time is told against ends, `17:30`, while it runs towards it.
    static func endsAt(_ state: StopwatchViewState) -> String? {
        state.shown.endsAt
    }

    /// The share of the line's progress bar, in thousandths, at hundredths: the phase's or the
    /// countdown's, as `left(_:)`.
    static func permille(_ state: StopwatchViewState) -> Int? {
        state.shown.permille
    }

    static func wholeSecondsLeft(_ countdown: CountdownViewState, elapsed: Int64) -> Int64 {
        DurationTextMapper.left(duration: countdown.duration.microseconds, elapsed: elapsed, unit: 1_000_000)
    }

    static func wholeSecondsLeft(_ phase: PhaseViewState, of state: StopwatchViewState) -> Int64 {
        DurationTextMapper.left(
            duration: phase.duration.microseconds, elapsed: phase.duration.microseconds - state.phaseLeft.microseconds,
            unit: 1_000_000)
    }

    static func wholeSecondsPercent(_ countdown: CountdownViewState, elapsed: Int64) -> Int {
        DurationTextMapper.permille(
            duration: countdown.duration.microseconds, elapsed: elapsed, unit: 1_000_000, isExpired: countdown.isExpired
        ) / 10
    }

    static func wholeSecondsPercent(_ phase: PhaseViewState, of state: StopwatchViewState) -> Int {
        DurationTextMapper.permille(
            duration: phase.duration.microseconds, elapsed: phase.duration.microseconds - state.phaseLeft.microseconds,
            unit: 1_000_000,
            isExpired: phase.isWaiting || state.status == .expired
        ) / 10
    }

    /// A bar's tooltip line for one stopwatch: its bar text, the local time a running countdown
    /// or phase ends, `tea 04:57 left, ends 17:30`, and whether its away time waits for a
    /// decision.
    static func barTooltipLine(_ state: StopwatchViewState) -> String {
        barText(state) + (state.status == .running ? endsAt(state).map { ", ends " + $0 } ?? "" : "")
            + (state.away.isUndecided ? ", away undecided" : "")
    }

    /// `05:09` or `1:05:09`: whole seconds, truncated.
    static func wholeSeconds(_ microseconds: Int64) -> String {
        String(DurationTextMapper().clock(.microseconds(max(0, microseconds)), fractionDigits: 1).dropLast(2))
    }

    /// `work [break] work long-break`: the round's phases, the one it is in bracketed.
    static func round(_ phase: PhaseViewState) -> String {
        phase.roundLabels.enumerated().map { $0.offset == phase.positionInRound ? "[\($0.element)]" : $0.element }
            .joined(with: " ")
    }

    /// `1 lap`, `3 laps`.
    static func laps(_ count: Int) -> String {
        "\(count) lap" + (count == 1 ? "" : "s")
    }

    /// `[#####---------------] 25%`: how much has run, in thousandths, in `cells` cells.
    static func bar(permille: Int, cells: Int = 20) -> String {
        let filled = permille * cells / 1000
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled)
            + "] \(permille / 10)%"
    }

    /// `best`, `worst` or nothing, as the view state's lap was judged against the whole history
    /// (`LapStatistics` never judges a lap both): the words of `laps`, the live line and its colour.
    static func mark(_ lap: LapViewState) -> String? {
        lap.isBest ? "best" : lap.isWorst ? "worst" : nil
    }

    /// `build: lap 3 00:12.34 best (total 01:02.34) compile`.
    static func lapLine(_ name: String, _ lap: LapViewState) -> String {
        let mark = mark(lap).map { " \($0)" } ?? ""
        let label = lap.label.map { " \($0)" } ?? ""
        return "\(name): lap \(lap.number) \(lap.duration.clock)\(mark) (total \(lap.total.clock))\(label)"
    }

    // MARK: The line

    /// The parts of the one-line form, in the order they read.
    static func parts(_ state: StopwatchViewState, _ extras: Extras = Extras()) -> [Part] {
        var parts: [Part] = []
        parts.reserveCapacity(9)
        parts.append(Part(text: state.name + ":", rank: 90))
        parts.append(Part(text: " " + statusWord(state), rank: 70))
        // The narrow form is the time alone, where the time has words around it.
        let shown = state.shown
        let full = " " + time(state)
        let bare = " " + bareTime(state)
        parts.append(
            Part(
                text: full, rank: timeRank, narrow: bare == full ? nil : bare,
                unworded: shown.phase == nil ? nil : " " + time(state, form: .unworded)
            )
        )
        if let phase = shown.phase, shown.direction == .over, let next = phase.next {
            parts.append(
                Part(
                    text: "; 'stopwatch next\(state.name == "cycle" ? "" : " " + state.name)' begins \(next)", rank: 50)
            )
        } else if let phase = shown.phase {
            parts.append(Part(text: " of \(phase.duration.clock)", rank: 50))
        } else if let countdown = state.countdown {
            let kind = state.kind.word
            // An ended cycle is told by its phases and the time it ran (a `next` at once makes
            // it 00:00.00): its length as run alone said nothing of the cycle it was.
            let length =
                (state.phase?.count.map { ($0 == 1 ? "1 phase" : "\($0) phases") + ", ran " } ?? "")
                + countdown.duration.clock
            parts.append(
                Part(
                    text: countdown.isExpired ? " (\(kind) of \(length))" : " of \(countdown.duration.clock)", rank: 50)
            )
        }
        if state.lapCount > 0 { parts.append(Part(text: ", " + laps(state.lapCount), rank: 60)) }
        // The end and share of what the time is told against: the phase's, else the countdown's.
        if state.status != .expired, let permille = permille(state) {
            if extras.endTime, let ends = endsAt(state) { parts.append(Part(text: ", ends \(ends)", rank: 25)) }
            if extras.progress, state.status != .initial, state.status != .waiting {
                parts.append(Part(text: " " + bar(permille: permille), rank: 30))
            }
        }
        if extras.phases, let phase = shown.phase {
            parts.append(Part(text: "  " + round(phase), rank: 27))
        }
        if state.away.time.microseconds > 0 {
            // How long nobody was there while it counted, why, and whether that counts in its time;
            // while that waits for a person, a mark that stays in a narrow window.
            let undecided = state.away.isUndecided
            parts.append(
                Part(
                    text: ", away \(state.away.time.clock) \(state.away.explanation)", rank: undecided ? 58 : 22,
                    narrow: undecided ? ", away?" : nil))
        }
        if let hint = extras.hint { parts.append(Part(text: "  (\(hint))", rank: 55)) }
        if let machine = state.runsOn {
            parts.append(Part(text: " (on \(machine), as of the last sync)", rank: 20))
        } else if state.isEstimated {
            // Read from the wall clock across a restart, or told after the fact (`--ago`,
            // `edit --start`): which, the state does not say.
            parts.append(Part(text: " (estimated: not all of it measured)", rank: 20))
        }
        return parts
    }

    /// The line with every part.
    static func line(_ state: StopwatchViewState, _ extras: Extras = Extras()) -> String {
        join(parts(state, extras))
    }

    /// The line as it fits in `width` columns: parts kept by rank, a lower one still going in where
    /// it fits; only a width narrower than the time itself cuts that.
    static func line(_ state: StopwatchViewState, _ extras: Extras = Extras(), width: Int) -> String {
        var layout: Layout?
        return String(decoding: line(state, extras, width: width, layout: &layout), as: UTF8.self)
    }

    /// Where the time sits in a line laid out in a width: kept by the live view from one line to
    /// the next.
    final class Layout {
        fileprivate let state: StopwatchViewState
        fileprivate let extras: Extras
        fileprivate let width: Int
        /// The form of the time (`narrowWidth`), and with its blank before it or not.
        fileprivate let form: TimeForm
        fileprivate let hasBlank: Bool
        fileprivate let before: [UInt8]
        fileprivate let timeLength: Int
        fileprivate let after: [UInt8]

        fileprivate init(
            state: StopwatchViewState, extras: Extras, width: Int, form: TimeForm, hasBlank: Bool,
            before: [UInt8], timeLength: Int, after: [UInt8]
        ) {
            (self.state, self.extras, self.width, self.form, self.hasBlank) = (state, extras, width, form, hasBlank)
            (self.before, self.timeLength, self.after) = (before, timeLength, after)
        }
    }

    /// `line(_:_:width:)` as UTF-8, given the layout of the line before, which it replaces with
    /// this line's. A state that differs from that line's only in its times, with a time of the
    /// same length, fits the same parts in the same places: its line is the last one with the new
    /// time, made without making and fitting the parts again (a live view's line on each tick).
    static func line(_ state: StopwatchViewState, _ extras: Extras, width: Int, layout: inout Layout?) -> [UInt8] {
        if let last = layout, last.width == width, last.extras == extras, state.differsOnlyInTimes(from: last.state) {
            var line: [UInt8] = []
            line.reserveCapacity(last.before.count + last.timeLength + 8 + last.after.count)
            line += last.before
            if last.hasBlank { line.append(UInt8(ascii: " ")) }
            appendTime(of: state, form: last.form, to: &line)
            if line.count - last.before.count == last.timeLength {
                line += last.after
                return line
            }
        }
        let (kept, form) = fitted(parts(state, extras), to: width)
        var line: [UInt8] = []
        var time = 0..<0
        for part in kept {
            if part.rank == timeRank { time = line.count..<line.count + part.text.utf8.count }
            line += part.text.utf8
        }
        // Blanks that would begin the line are left out, the time's own when it comes first.
        let blanks = line.prefix { $0 == UInt8(ascii: " ") }.count
        line.removeFirst(blanks)
        let hasBlank = time.lowerBound >= blanks
        time = max(0, time.lowerBound - blanks)..<max(0, time.upperBound - blanks)
        layout = nil
        guard line.count > width else {
            layout = Layout(
                state: state, extras: extras, width: width, form: form, hasBlank: hasBlank,
                before: Array(line[..<time.lowerBound]), timeLength: time.count, after: Array(line[time.upperBound...])
            )
            return line
        }
        // Only a width narrower than the time itself gets here: the line is cut, and laid out anew each time.
        return Array(cut(String(decoding: line, as: UTF8.self), to: width).utf8)
    }

    static func fit(_ parts: [Part], to width: Int) -> String {
        cut(String(join(fitted(parts, to: width).kept).drop { $0 == " " }), to: width)
    }

    /// `text` cut to `width` columns (at least one), for a width narrower than the time itself.
    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(1, width)))
    }

    /// The parts kept in `width` columns, in reading order, the time in the form that was needed.
    static func fitted(_ parts: [Part], to width: Int) -> (kept: [Part], form: TimeForm) {
        // Bytes are never fewer than characters, and counting them is cheap: the usual case is a
        // line that fits.
        if parts.reduce(0, { $0 + $1.text.utf8.count }) <= width { return (parts, .full) }
        var parts = parts
        var length = 0
        var form = TimeForm.full
        var keep = [Bool](repeating: false, count: parts.count)
        for index in parts.indices.sorted(by: { parts[$0].rank > parts[$1].rank }) {
            var count = parts[index].text.count
            // A cycle's phase without its word first, then its time alone; a countdown's time
            // alone only below `narrowWidth`.
            if parts[index].rank >= timeRank, count > width, let unworded = parts[index].unworded {
                parts[index].text = unworded
                count = unworded.count
                form = .unworded
            }
            if parts[index].rank >= timeRank, count > width, let narrow = parts[index].narrow,
                width < narrowWidth || parts[index].unworded != nil
            {
                parts[index].text = narrow
                count = narrow.count
                form = .bare
            }
            if parts[index].rank < timeRank, length + count > width, let narrow = parts[index].narrow,
                length + narrow.count <= width
            {
                parts[index].text = narrow
                count = narrow.count
            }
            if parts[index].rank >= timeRank || length + count <= width {
                keep[index] = true
                length += count
            }
        }
        return (parts.indices.filter { keep[$0] }.map { parts[$0] }, form)
    }

    static func join(_ parts: [Part]) -> String {
        var text = ""
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.utf8.count })
        for part in parts { text += part.text }
        return text
    }
}
