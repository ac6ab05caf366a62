/// Shows history's runs as a table, as CSV, or as JSON.
public final class HistoryView: Sendable {
    /// Its raw value is the word `--format` takes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case table
        case csv
        case json
        /// As `timew export` prints intervals.
        case timew
        /// As `timew track` commands, for a Timewarrior with no `import`.
        case timewTrack = "timew-track"
        /// iCalendar (RFC 5545).
        case ical
        /// The names of the runs, each once, sorted: what shell completion offers after `history`.
        case names
        /// Each run's short id, a tab, its name and start, newest first: what shell completion
        /// offers for a run (`edit`, `split`, `join`, `remove`), with a description where the shell
        /// shows one.
        case ids
    }

    /// The CSV columns (docs/json-format.md, "history"): times in RFC 3339 with their UTC offset.
    /// `phases`: a cycle's phases as `LABEL:PLANNED_MS:RAN_MS`, `+WAITED_MS` after a wait for a
    /// person, `;` between them. `away_ms`: how long nobody was there while it counted, which
    /// `away_policy` says it kept, dropped or asks about; `away_lock_ms` and `away_idle_ms` the parts
    /// of it a locked screen's and no input's (the rest the machine slept).
    static let csvHeader =
        "id,name,kind,plan,status,start,end,elapsed_ms,elapsed,overtime_ms,estimated,laps,tags,phases,away_ms,away_policy,away_lock_ms,away_idle_ms,away_dropped_ms,away_undecided_ms\n"

    private let format: Format
    private let output: any TextOutput
    private let messages: any TextOutput
    private let width: Int?

    /// `messages` receives the note that there are no runs, which a table would leave blank, and
    /// that some lines of history could not be read.
    public init(
        viewModel: HistoryViewModel, format: Format, output: any TextOutput, messages: any TextOutput, width: Int? = nil
    ) {
        self.format = format
        self.output = output
        self.messages = messages
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: HistoryViewState) {
        for note in MessageMapper.damagedHistory(viewState.damaged) {
            messages.writeMessage(MessageMapper.line(for: note))
        }
        if format == .table, viewState.runs.isEmpty {
            messages.write(MessageMapper.line(for: .noRuns(kept: viewState.kept)) + "\n")
            return
        }
        output.write(Self.text(viewState, format: format, width: width))
    }

    static func text(_ state: HistoryViewState, format: Format, width: Int? = nil) -> String {
        switch format {
        case .table:
            let fit = width.map { max(1, $0 - 1) }
            let text = table(state).text(fittingIn: fit)
            // Narrower than START, TIME and a name's first letters: each line cut, never wrapped.
            // Bytes bound characters from above: a table that fits is let through without a copy.
            guard let fit else { return text }
            var (line, longest) = (0, 0)
            for byte in text.utf8 {
                line = byte == UInt8(ascii: "\n") ? 0 : line + 1
                longest = max(longest, line)
            }
            guard longest > fit else { return text }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.count > fit ? $0.prefix(max(0, fit - 1)) + "…" : String($0)
            }.joined(separator: "\n")
        case .csv:
            return state.runs.reduce(into: csvHeader) { text, run in
                let fields = [
                    run.id, run.name, run.kind.word, LapsView.csvField(run.plan), run.status, run.start, run.end,
                    String(run.elapsed.milliseconds),
                    run.elapsed.clock, String(run.overtime.milliseconds), String(run.isEstimated), String(run.lapCount),
                    LapsView.csvField(run.tags.joined(with: ",")),
                    run.phases.map { phase in
                        "\(phase.label):\(phase.planned.milliseconds):\(phase.actual.milliseconds)"
                            + (phase.waited.milliseconds > 0 ? "+\(phase.waited.milliseconds)" : "")
                    }.joined(with: ";"),
                    String(run.away.time.milliseconds), run.away.policy.rawValue,
                    String(run.away.locked.milliseconds), String(run.away.idle.milliseconds),
                    String(run.away.dropped / 1000), String(run.away.undecided / 1000),
                ]
                text += fields.joined(with: ",") + "\n"
            }
        case .json:
            return JSONDocumentEncoder.text(HistoryDocument(viewState: state).json)
        case .timew:
            return TimewarriorDocument(runs: state.runs).text
        case .timewTrack:
            return TimewarriorDocument(runs: state.runs).trackCommands
        case .ical:
            return CalendarDocument(runs: state.runs).text
        case .names:
            return Set(state.runs.map(\.name)).sorted().map { $0 + "\n" }.joined()
        case .ids:
            return state.runs.map { "\($0.shortID)\t\($0.name) \($0.localStart) \($0.elapsed.clock)\n" }.joined()
        }
    }

    /// `undid the reset of 'build' (run 4f3a2b1c) made 2026-11-25 09:15:00`: what `undo` or `redo` did.
    static func text(_ change: ChangeViewState) -> String {
        let names = change.names.map { "'\($0)'" }
        let what =
            names.isEmpty
            ? ""
            : " of "
                + (names.count <= 2
                    ? names.joined(with: " and ") : Array(names.dropLast()).joined(with: ", ") + " and " + names.last!)
        let runs =
            change.runs.isEmpty
            ? ""
            : " (\(change.runs.count == 1 ? "run" : "runs") \(Array(change.runs.prefix(4)).joined(with: ", "))\(change.runs.count > 4 ? ", …" : ""))"
        return "\(change.redone ? "redid" : "undid") the \(change.command)\(what)\(runs) made \(change.madeAt)"
    }

    /// The columns, in order: ID, START, END, TIME, OVER (when a run has overtime), AWAY (when a
    /// run has away time: how long, and whether its time kept it), NAME, PLAN, LAPS, STATUS, TAGS
    /// (when a run has tags). Narrowed by leaving out TAGS, LAPS, PLAN, AWAY, OVER and END, then
    /// showing START without its year and seconds, then cutting NAME (to 6), then leaving out ID,
    /// then STATUS, then cutting NAME to 2: START, TIME and NAME stay.
    static func table(_ state: HistoryViewState) -> TextTable {
        let tagged = state.runs.contains { !$0.tags.isEmpty }
        let over = state.runs.contains { $0.overtime.microseconds > 0 }
        let awayShown = state.runs.contains { $0.away.time.microseconds > 0 }
        // The columns by number; TIME (3) is never left out.
        let (id, start, end, overtime, away, name, plan, laps, status, tags) = (0, 1, 2, 4, 5, 6, 7, 8, 9, 10)
        var table = TextTable(
            alignments: [.left, .left, .left, .right, .right, .right, .left, .left, .right, .left, .left])
        table.steps = [
            .leaveOut(tags), .leaveOut(laps), .leaveOut(plan), .leaveOut(away), .leaveOut(overtime), .leaveOut(end),
            .compact(start), .shorten(name, minimum: 6), .leaveOut(id), .leaveOut(status), .shorten(name, minimum: 2),
        ]
        table.rows.append([
            "ID", "START", "END", "TIME", over ? "OVER" : "", awayShown ? "AWAY" : "", "NAME", "PLAN", "LAPS",
            "STATUS", tagged ? "TAGS" : "",
        ])
        var compactStart = ["START"]
        for run in state.runs {
            let endCell =
                run.localEnd.prefix(10) == run.localStart.prefix(10) ? String(run.localEnd.dropFirst(11)) : run.localEnd
            table.rows.append([
                run.shortID, run.localStart, endCell, run.elapsed.clock + (run.isEstimated ? "~" : ""),
                // A run corrected on two machines at once says so where it says it ended.
                run.overtime.microseconds > 0 ? "+" + run.overtime.clock : "",
                run.away.time.microseconds > 0 ? run.away.time.clock + " " + run.away.outcome : "",
                run.shownName.isEmpty ? run.name : run.shownName, run.plan, String(run.lapCount),
                run.isConflicted && run.status == "ended" ? "conflict" : run.status,
                run.tags.joined(with: ","),
            ])
            // `11-25 09:15`: the month, day, hour and minute.
            compactStart.append(String(run.localStart.dropFirst(5).prefix(11)))
        }
        table.compact[start] = compactStart
        return table
    }
}
