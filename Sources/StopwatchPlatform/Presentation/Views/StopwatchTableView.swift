import Synchronization

/// The live table of every stopwatch and countdown (`watch --all`): one row each, running first,
/// then paused, then the rest, each group by name.
///
/// On a terminal the block of rows is redrawn in place (up to its first row, each row erased to
/// its end, leftovers erased below), written only when its text changed, never more rows than
/// the window has (the last row then says how many are hidden) and no row wider than it. The bell
/// rings once when a countdown reaches zero. Into a pipe it writes no escape codes, one line per
/// event: a stopwatch appearing, changing status, lapping or going away.
public final class StopwatchTableView: Sendable {
    public typealias Mode = TerminalView.Mode

    static var keys: String { MessageMapper.tableKeys.map(\.text).joined(with: "   ") + "\n" }

    private struct Shown {
        /// The rows on screen as UTF-8, the cursor at the end of the last, and where each row's
        /// time sits in it.
        var lines: [[UInt8]] = []
        var layout: StopwatchLineComposer.TableLayout?
        var size: (rows: Int, columns: Int)?
        var viewState: StopwatchListViewState?
        /// The order the rows were drawn in (`sortedOrder`), indices into `viewState.stopwatches`.
        var order: [Int] = []
        /// The escape that takes the cursor up to the first row, for `lines.count`.
        var up: (rows: Int, bytes: [UInt8]) = (0, [])
    }

    private let mode: Mode
    private let output: any TextOutput
    private let size: @Sendable () -> (rows: Int, columns: Int)
    private let shown = Mutex(Shown())

    /// `size` is asked for the first drawing and again on every `redraw()`, which follows a resize.
    public init(
        viewModel: StopwatchListViewModel, mode: Mode, output: any TextOutput,
        size: @escaping @Sendable () -> (rows: Int, columns: Int)
    ) {
        self.mode = mode
        self.output = output
        self.size = size
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchListViewState) {
        let text = shown.withLock { shown in update(&shown, with: viewState) }
        if !text.isEmpty { output.write(utf8: text) }
    }

    /// Draws the key line and the table again at the window's new size (SIGWINCH), or after
    /// Ctrl-Z, from where `TerminalView.redrawStart` says.
    public func redraw() {
        let text = shown.withLock { shown -> [UInt8] in
            guard case .terminal = mode, let viewState = shown.viewState else { return [] }
            let columns = max(1, size().columns)
            let drawn = shown.lines.isEmpty ? [] : [Array(Self.keys.dropLast().utf8)] + shown.lines
            let start = TerminalView.redrawStart(
                widths: drawn.map { String(decoding: $0, as: UTF8.self).count }, in: columns)
            shown.lines = []
            shown.size = nil
            return Array((start + Self.keys).utf8) + update(&shown, with: viewState, force: true)
        }
        if !text.isEmpty { output.write(utf8: text) }
    }

    /// Gives the terminal back for a while (SIGTSTP): the table stays, the cursor is shown.
    public func suspend() {
        if case .terminal = mode { output.write("\n\u{1B}[?25h") }
        shown.withLock { $0.lines = [] }
    }

    /// Takes the terminal again after `suspend` (SIGCONT): cursor hidden, table drawn anew.
    public func resume() {
        guard case .terminal = mode else { return }
        output.write("\u{1B}[?25l")
        redraw()
    }

    /// Leaves the table on screen and shows the cursor.
    public func end() {
        if case .terminal = mode { output.write("\n\u{1B}[?25h") }
    }

    /// The text that shows `viewState`, as UTF-8: on a tick, the block of rows made in bytes from
    /// their kept layout.
    private func update(_ shown: inout Shown, with viewState: StopwatchListViewState, force: Bool = false) -> [UInt8] {
        let previous = shown.viewState
        shown.viewState = viewState
        switch mode {
        case .log:
            return Array(Self.events(from: previous, to: viewState).utf8)
        case .terminal:
            let size = shown.size ?? self.size()
            shown.size = size
            // On a tick only the times change: the rows keep their order, and no countdown its expiry.
            let onlyTimes = previous.map { viewState.differsOnlyInTimes(from: $0) } ?? false
            if !onlyTimes { shown.order = Self.sortedOrder(viewState.stopwatches) }
            let lines = Self.lines(
                viewState, ordered: shown.order.map { viewState.stopwatches[$0] }, rows: size.rows,
                columns: size.columns, layout: &shown.layout
            )
            var text: [UInt8] = previous == nil ? Array((Self.keys + "\u{1B}[?25l").utf8) : []
            // The bell at a countdown's zero and a cycle's edge, as the view model read them.
            if let previous, viewState.stopwatches.contains(where: \.passedEdgeOrZero), viewState != previous {
                text.append(7)
            }
            guard force || lines != shown.lines else { return text }
            let erase: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")]
            text.reserveCapacity(text.count + 8 + lines.reduce(0) { $0 + $1.count + 4 })
            text.append(UInt8(ascii: "\r"))
            if shown.lines.count > 1 {
                if shown.up.rows != shown.lines.count - 1 {
                    shown.up = (shown.lines.count - 1, Array("\u{1B}[\(shown.lines.count - 1)A".utf8))
                }
                text += shown.up.bytes
            }
            for (index, line) in lines.enumerated() {
                if index > 0 {
                    text.append(contentsOf: erase)
                    text.append(UInt8(ascii: "\n"))
                }
                text.append(contentsOf: line)
            }
            text.append(contentsOf: erase)
            if lines.count < shown.lines.count || force { text += "\u{1B}[J".utf8 }
            shown.lines = lines
            return text
        }
    }

    /// Running first, then paused, then the rest; by name within each.
    static func sorted(_ stopwatches: [StopwatchViewState]) -> [StopwatchViewState] {
        sortedOrder(stopwatches).map { stopwatches[$0] }
    }

    /// The indices of `stopwatches` in the order `sorted(_:)` gives.
    private static func sortedOrder(_ stopwatches: [StopwatchViewState]) -> [Int] {
        stopwatches.indices.sorted {
            (stopwatches[$0].status.group, stopwatches[$0].name) < (stopwatches[$1].status.group, stopwatches[$1].name)
        }
    }

    /// The block of rows for a window of `rows` by `columns`: a header and a row a stopwatch, laid
    /// out by `StopwatchLineComposer` in one column less than the window (whole columns left out,
    /// nothing cut); when they do not all fit, the last row says how many are hidden.
    static func lines(_ viewState: StopwatchListViewState, rows: Int, columns: Int) -> [String] {
        var layout: StopwatchLineComposer.TableLayout?
        return lines(viewState, ordered: sorted(viewState.stopwatches), rows: rows, columns: columns, layout: &layout)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// `lines(_:rows:columns:)` as UTF-8, given its stopwatches in order and the table's layout of
    /// the last drawing (`StopwatchLineComposer.table(_:progress:width:layout:)`).
    private static func lines(
        _ viewState: StopwatchListViewState, ordered stopwatches: [StopwatchViewState], rows: Int, columns: Int,
        layout: inout StopwatchLineComposer.TableLayout?
    ) -> [[UInt8]] {
        let width = max(1, columns - 1)
        guard !viewState.stopwatches.isEmpty else {
            return [Array(fitted(MessageMapper.emptyTable, to: width).utf8)]
        }
        var lines = StopwatchLineComposer.table(stopwatches, progress: true, width: width, layout: &layout)
        let room = max(1, rows - 1)
        if lines.count > room {
            let hidden = lines.count - room + 1
            let last = fitted(MessageMapper.rowsHidden(hidden), to: width)
            lines = Array(lines.prefix(room - 1)) + [Array(last.utf8)]
        }
        return lines
    }

    /// The first of `texts` (longest first) that fits in `width`; the last, cut, if none does.
    private static func fitted(_ texts: [String], to width: Int) -> String {
        texts.first { $0.count <= width } ?? String(texts.last!.prefix(width))
    }

    /// One plain line for each stopwatch that appeared, changed status, lapped or went away.
    static func events(from previous: StopwatchListViewState?, to current: StopwatchListViewState) -> String {
        let before = Dictionary(
            (previous?.stopwatches ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var text = ""
        for stopwatch in sorted(current.stopwatches) {
            let old = before[stopwatch.name]
            if let old, stopwatch.lapCount > old.lapCount {
                text += StatusView.text(stopwatch, format: .lap)
            } else if old == nil || old?.status != stopwatch.status || old?.lapCount != stopwatch.lapCount
                || stopwatch.passedEdgeOrZero
            {
                text += StatusView.text(stopwatch, format: .line)
            }
        }
        let names = Set(current.stopwatches.map(\.name))
        for name in before.keys.sorted() where !names.contains(name) {
            text += MessageMapper.deletedEvent(name) + "\n"
        }
        return text
    }
}
