/// The row: a run as one row of `list`'s and `watch --all`'s table, its columns laid out to the
/// window.
extension StopwatchLineComposer {
    /// The table of `list` and `watch --all`: NAME, STATUS, TIME, LAPS and, with `progress`, a
    /// countdown's bar. Given a width, the bar goes first, then LAPS, STATUS and NAME; TIME stays.
    /// Before a NAME is cut, TIME shows less (a cycle's phase without its word, then its time
    /// alone, then every time alone), whichever first keeps the names whole; below `narrowWidth`
    /// every time alone.
    static func table(_ states: [StopwatchViewState], progress: Bool = false, width: Int? = nil) -> [String] {
        var layout: TableLayout?
        return table(states, progress: progress, width: width, layout: &layout).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Where the time sits in each row of a table laid out in a width: kept by `watch --all` from
    /// one drawing to the next.
    final class TableLayout {
        fileprivate let states: [StopwatchViewState]
        fileprivate let progress: Bool
        fileprivate let width: Int?
        fileprivate let header: [UInt8]
        fileprivate let rows: [(before: [UInt8], timeLength: Int, after: [UInt8], form: TimeForm)]

        fileprivate init(
            states: [StopwatchViewState], progress: Bool, width: Int?, header: [UInt8],
            rows: [(before: [UInt8], timeLength: Int, after: [UInt8], form: TimeForm)]
        ) {
            (self.states, self.progress, self.width) = (states, progress, width)
            (self.header, self.rows) = (header, rows)
        }
    }

    /// `table(_:progress:width:)` as UTF-8 lines, given the layout of the table before, which it
    /// replaces with this one's. When every stopwatch differs from that table's only in its times,
    /// each time as long as before, the columns keep their widths: each row is the last one with
    /// its new time, made without making and fitting the table again.
    static func table(_ states: [StopwatchViewState], progress: Bool, width: Int?, layout: inout TableLayout?)
        -> [[UInt8]]
    {
        if let last = layout, last.width == width, last.progress == progress, last.states.count == states.count,
            states.indices.allSatisfy({ states[$0].differsOnlyInTimes(from: last.states[$0]) })
        {
            var lines = [last.header]
            lines.reserveCapacity(states.count + 1)
            for (state, row) in zip(states, last.rows) {
                var line: [UInt8] = []
                line.reserveCapacity(row.before.count + row.timeLength + 8 + row.after.count)
                line += row.before
                // The row's form stands: its phase and status are as when it was laid out.
                appendTime(of: state, form: row.form, to: &line)
                guard line.count - row.before.count == row.timeLength else { break }
                line += row.after
                lines.append(line)
            }
            if lines.count == states.count + 1 { return lines }
        }
        func make(narrow: Bool, cycles: TimeForm = .full) -> TextTable {
            var table = TextTable(columns: [.init(.left), .init(.left), .init(.right), .init(.right), .init(.left)])
            // The bar goes first, then LAPS; then STATUS leaves `running` blank, so a paused or
            // expired one stays marked; a long NAME is cut before STATUS goes, and STATUS before
            // NAME. A STATUS left all blank (everything runs) goes before any NAME is cut.
            let statusBlank = states.allSatisfy { $0.status == .running }
            table.steps =
                statusBlank
                ? [.leaveOut(4), .leaveOut(3), .compact(1), .leaveOut(1), .shorten(0, minimum: 4), .leaveOut(0)]
                : [.leaveOut(4), .leaveOut(3), .compact(1), .shorten(0, minimum: 4), .leaveOut(1), .leaveOut(0)]
            table.rows.append(["NAME", "STATUS", "TIME", "LAPS", ""])
            var compactStatus = [""]
            for state in states {
                let shown =
                    progress && state.status != .expired && state.status != .initial && state.status != .waiting
                    ? permille(state).map { bar(permille: $0) } : nil
                // Another machine's stopwatch is marked with where it runs.
                let name = state.runsOn.map { state.name + " @" + $0 } ?? state.name
                table.rows.append([
                    name, statusWord(state), time(state, form: rowForm(state, narrow: narrow, cycles: cycles)),
                    String(state.lapCount), shown ?? "",
                ])
                compactStatus.append(state.status == .running ? "" : statusWord(state))
            }
            table.compact[1] = compactStatus
            return table
        }
        var isNarrow = false
        var cycleForm = TimeForm.full
        var made = make(narrow: false).lines(fittingIn: width, locating: timeColumn)
        // A cycle's TIME drops its word, then its phase, before a NAME is cut or left out: a
        // table of times with no names says nothing.
        func keepsNames(_ made: (lines: [String], offsets: [Int?])) -> Bool {
            zip(states, made.lines.dropFirst()).allSatisfy { $1.hasPrefix($0.name + " ") }
        }
        if width != nil, states.contains(where: { $0.told.against == .phase }) {
            for form in [TimeForm.unworded, .bare] where !keepsNames(made) {
                made = make(narrow: false, cycles: form).lines(fittingIn: width, locating: timeColumn)
                cycleForm = form
            }
        }
        // Then every time alone, where that keeps the names whole, or the rows are too wide.
        if let width, !keepsNames(made) || (width < narrowWidth && made.lines.contains(where: { $0.count > width })) {
            let narrow = make(narrow: true).lines(fittingIn: width, locating: timeColumn)
            if keepsNames(narrow) || width < narrowWidth {
                made = narrow
                isNarrow = true
            }
        }
        let lines = made.lines.map { Array($0.utf8) }
        layout = nil
        var rows: [(before: [UInt8], timeLength: Int, after: [UInt8], form: TimeForm)] = []
        for (index, state) in states.enumerated() {
            guard let offset = made.offsets[index + 1] else { return lines }
            var time: [UInt8] = []
            let form = rowForm(state, narrow: isNarrow, cycles: cycleForm)
            appendTime(of: state, form: form, to: &time)
            let line = lines[index + 1]
            rows.append((Array(line[..<offset]), time.count, Array(line[(offset + time.count)...]), form))
        }
        layout = TableLayout(
            states: states, progress: progress, width: width, header: lines[0], rows: rows)
        return lines
    }

    /// The form of a row's time: bare when the table is narrow, a cycle's in `cycles`.
    static func rowForm(_ state: StopwatchViewState, narrow: Bool, cycles: TimeForm) -> TimeForm {
        narrow ? .bare : state.told.against == .phase ? cycles : .full
    }

    /// The TIME column of `table`.
    static let timeColumn = 2
}
