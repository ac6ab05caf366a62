import Synchronization

/// The live view of one stopwatch, line-oriented.
///
/// On a terminal it first shows the keys that apply, then keeps one status line redrawn in place
/// (`\r`, the text, erase to end of line), written only when its text changed and fitted to the
/// window's width by `StopwatchLineComposer`, so it never wraps; each new lap of a stopwatch is
/// printed as a line of its own above it, marked `best` (and green) or `worst` (and red) as the
/// view state judged it against every lap so far. The key line is fitted by whole hints, and
/// drawn again at the new width after a resize while it is still right above the live line. A countdown's line has its end time and a progress bar, and the bell rings once when it
/// reaches zero, and the window title shows its time left (`tea 04:59`), the old title saved on
/// xterm's title stack first and given back when the view ends or is suspended. A hint (a key
/// that does not apply now) shows in the line until the next change.
/// Into a pipe or file it writes no escape codes, just one line per event: a status change, a lap,
/// the end.
public final class TerminalView: Sendable {
    public enum Mode: Sendable, Hashable {
        case terminal(colors: Bool)
        case log
    }

    /// The key line in `width` columns: whole hints, three spaces apart, the least needed left out.
    static func keyLine(_ actions: RunActions, width: Int) -> String {
        // Each key in its words; in fewer words where that keeps one a person needs most (space,
        // and `n`, how a cycle waiting for a person goes on) that the full words leave out.
        func fitted(compact: Bool) -> (line: String, vital: Int) {
            let keys = MessageMapper.keys(actions, compact: compact)
            let parts = keys.enumerated().map {
                StopwatchLineComposer.Part(text: ($0.offset == 0 ? "" : "   ") + $0.element.text, rank: $0.element.rank)
            }
            let kept = StopwatchLineComposer.fitted(parts, to: width).kept
            let line = String(StopwatchLineComposer.join(kept).drop { $0 == " " })
            guard line.count <= width else { return ("", 0) }
            return (line, kept.filter { $0.rank >= MessageMapper.vitalKeyRank }.count)
        }
        let full = fitted(compact: false)
        let compact = fitted(compact: true)
        return compact.vital > full.vital ? compact.line : full.line
    }

    private struct Shown {
        /// The live line on screen, as UTF-8, and where its time sits in it.
        var line: [UInt8]?
        var layout: StopwatchLineComposer.Layout?
        /// What the line says besides the stopwatch, until the next change (`flash`).
        var hint: String?
        /// The window title set, while the old one waits on the title stack.
        var title: String?
        /// The countdown's whole second the title shows (-1 once expired), so that a tick within
        /// the same second makes no title.
        var titleSecond: Int64?
        /// The last view state rendered, to tell what changed since.
        var viewState: StopwatchViewState?
        /// The window's width, asked once and again on `redraw()`: not an ioctl every 10 ms.
        var width: Int?
        /// The key line, while it is right above the live line (no lap printed since).
        var keys: String?
    }

    private let mode: Mode
    private let output: any TextOutput
    private let width: @Sendable () -> Int
    /// In `.log` mode, whether keys are read (a terminal that cannot move its cursor, `TERM=dumb`):
    /// the key line is written once, first, so the keys are still found.
    private let showsKeys: Bool
    private let shown = Mutex(Shown())

    /// `width` is asked for the first line and again on every `redraw()`, which follows a resize.
    public init(
        viewModel: StopwatchViewModel, mode: Mode, output: any TextOutput, width: @escaping @Sendable () -> Int,
        showsKeys: Bool = false
    ) {
        self.mode = mode
        self.output = output
        self.width = width
        self.showsKeys = showsKeys
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchViewState) {
        let text = shown.withLock { shown in update(&shown, with: viewState) }
        if !text.isEmpty { output.write(utf8: text) }
    }

    /// Draws the live line again, whatever was on screen: after the terminal was given back and
    /// taken again (SIGCONT), or resized (SIGWINCH), from where `redrawStart` says.
    public func redraw() {
        let text = shown.withLock { shown -> String in
            guard case .terminal = mode, let viewState = shown.viewState else { return "" }
            let width = max(1, self.width())
            var drawn = shown.line.map { [String(decoding: $0, as: UTF8.self).count] } ?? []
            var keys = ""
            if let shownKeys = shown.keys {
                drawn.append(shownKeys.count)
                keys = Self.keyLine(viewState.actions, width: width)
                shown.keys = keys
                keys += "\u{1B}[K\n"
            }
            shown.line = nil
            shown.width = width
            return Self.redrawStart(widths: drawn, in: width) + keys
                + String(decoding: update(&shown, with: viewState), as: UTF8.self)
        }
        if !text.isEmpty { output.write(text) }
    }

    /// Where a view that drew lines `widths` wide (one a row) starts drawing again at `width`
    /// columns, erasing what it drew. Where a line is wider than the new width, how many rows it
    /// fills now cannot be told: a terminal that rewraps its lines on a resize spread it over
    /// several, one that cuts them (tmux) kept one. Moving up by either count would leave stale
    /// pieces above or write over what was above, so the screen is cleared and the view drawn
    /// from its top, as `top` does; otherwise up to its first line, in place.
    static func redrawStart(widths: [Int], in width: Int) -> String {
        if widths.contains(where: { $0 > width }) { return "\u{1B}[H\u{1B}[2J" }
        let up = widths.count - 1
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }

    /// Shows `hint` in the live line (on a terminal; elsewhere nothing) until `clearHint()` or the
    /// next change of status or laps: for a key that does not apply now, it leaves nothing in the
    /// scrollback.
    public func flash(_ hint: String) {
        let text = shown.withLock { shown -> String in
            guard case .terminal = mode, let viewState = shown.viewState else { return "" }
            shown.hint = hint
            return String(decoding: update(&shown, with: viewState), as: UTF8.self)
        }
        if !text.isEmpty { output.write(text) }
    }

    /// Takes a hint away again.
    public func clearHint() {
        let text = shown.withLock { shown -> String in
            guard shown.hint != nil, let viewState = shown.viewState else { return "" }
            shown.hint = nil
            return String(decoding: update(&shown, with: viewState), as: UTF8.self)
        }
        if !text.isEmpty { output.write(text) }
    }

    /// Shows `stopwatch: MESSAGE` on `messages` without garbling the live line: on a terminal the
    /// line is cleared first and drawn again after.
    public func show(message: String, on messages: any TextOutput) {
        guard case .terminal = mode else { return messages.writeMessage(message) }
        output.write("\r\u{1B}[K")
        messages.writeMessage(message)
        redraw()
    }

    /// Gives the terminal back for a while (SIGTSTP): the line stays, the cursor and the old title
    /// are back.
    public func suspend() {
        guard case .terminal = mode else { return }
        // The line and the keys stay in the scrollback; `resume` draws the line anew below them.
        let title = shown.withLock { shown in
            (shown.line, shown.keys) = (nil, nil)
            return Self.restoreTitle(&shown)
        }
        output.write(title + "\n\u{1B}[?25h")
    }

    /// Takes the terminal again after `suspend` (SIGCONT): cursor hidden, line drawn anew.
    public func resume() {
        guard case .terminal = mode else { return }
        output.write("\u{1B}[?25l")
        redraw()
    }

    /// Leaves the screen tidy for whatever comes next: the final line stays, the cursor is shown.
    public func end() {
        let text = shown.withLock { shown -> String in
            switch mode {
            case .terminal:
                guard let viewState = shown.viewState else { return "\u{1B}[?25h" }
                shown.hint = nil
                let line = String(decoding: update(&shown, with: viewState), as: UTF8.self)
                return line + Self.restoreTitle(&shown) + "\n\u{1B}[?25h"
            case .log:
                // An expired countdown's last event, the expiry, is already written.
                guard let viewState = shown.viewState, viewState.status != .expired else { return "" }
                return "\(viewState.name): quit \(StopwatchLineComposer.time(viewState))\n"
            }
        }
        output.write(text)
    }

    /// The text that shows `viewState`, as UTF-8: on a tick, `\r`, the line and an erase, made
    /// in bytes from the line's kept layout.
    private func update(_ shown: inout Shown, with viewState: StopwatchViewState) -> [UInt8] {
        // What is needed of the last view state, rather than a copy of it: this runs every 10 ms.
        let isFirst = shown.viewState == nil
        let previousLapCount = shown.viewState?.lapCount
        let previousActions = shown.viewState?.actions
        let statusChanged = viewState.status != shown.viewState?.status
        // A countdown's zero or a cycle's edge, as the view model read them from the Core; once,
        // though the view state be drawn again (a redraw, the end).
        let passedEdge = !isFirst && viewState.passedEdgeOrZero && viewState != shown.viewState
        shown.viewState = viewState
        var text: [UInt8] = []
        let newLap = previousLapCount.map { viewState.lapCount > $0 } ?? false

        switch mode {
        case .terminal(let colors):
            let width = shown.width ?? self.width()
            shown.width = width
            if isFirst {
                let keys = Self.keyLine(viewState.actions, width: width)
                shown.keys = keys
                text += (keys + "\n\u{1B}[?25l").utf8
            }
            if newLap || statusChanged { shown.hint = nil }
            if newLap, let lap = viewState.latestLap {
                text += ("\r" + Self.lapLine(viewState, lap, colors: colors) + "\u{1B}[K\n").utf8
                shown.line = nil
                shown.keys = nil
            }
            // What the run offers changed (its away time decided, a countdown over): the key line
            // is written again, in place while it is right above the live line, else anew above it.
            if let previousActions, viewState.actions != previousActions {
                let keys = Self.keyLine(viewState.actions, width: width)
                text += ((shown.keys == nil ? "\r" : "\r\u{1B}[1A") + keys + "\u{1B}[K\n").utf8
                shown.keys = keys
                shown.line = nil
            }
            // The title shows whole seconds: made again only when they change, not on every tick.
            // A cycle's is its phase's, as its line's: `pomodoro work 24:57`.
            if let secondsLeft = StopwatchLineComposer.wholeSecondsLeft(viewState),
                case let over = viewState.status == .expired || viewState.status == .waiting,
                case let second = over ? -1 : secondsLeft,
                shown.title == nil || second != shown.titleSecond
            {
                let left =
                    over
                    ? StopwatchLineComposer.statusWord(viewState)
                    : StopwatchLineComposer.wholeSeconds(secondsLeft * 1_000_000)
                let title =
                    "\(viewState.name) "
                    + (viewState.told.against == .phase ? (viewState.phase.map { $0.label + " " } ?? "") : "") + left
                if title != shown.title {
                    text += ((shown.title == nil ? "\u{1B}[22;0t" : "") + "\u{1B}]0;\(title)\u{7}").utf8
                    shown.title = title
                }
                shown.titleSecond = second
            }
            let extras = StopwatchLineComposer.Extras(endTime: true, progress: true, phases: true, hint: shown.hint)
            let line = StopwatchLineComposer.line(viewState, extras, width: width, layout: &shown.layout)
            // The bell at zero, and at each of a cycle's edges: once however many passed at once.
            if passedEdge { text.append(7) }
            if line != shown.line {
                // A line as wide as the window leaves the cursor waiting to wrap, where erasing
                // would take its last character: it needs no erasing anyway.
                let erase = line.count < width || String(decoding: line, as: UTF8.self).count < width
                text.reserveCapacity(text.count + line.count + 4)
                text.append(UInt8(ascii: "\r"))
                text += line
                if erase { text += [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")] }
                shown.line = line
            }
        case .log:
            if isFirst, showsKeys {
                text += (Self.keyLine(viewState.actions, width: max(1, width() - 1)) + "\n").utf8
            }
            if newLap {
                text += StatusView.text(viewState, format: .lap).utf8
            } else if statusChanged || passedEdge {
                // A line at each of a cycle's edges too: into a pipe, once nothing marked them.
                text += StatusView.text(viewState, format: .line).utf8
            }
        }
        return text
    }

    /// Gives back the title saved when the view first set one (xterm's title stack).
    private static func restoreTitle(_ shown: inout Shown) -> String {
        guard shown.title != nil else { return "" }
        shown.title = nil
        return "\u{1B}[23;0t"
    }

    /// `demo: lap 2 00:00.50 best (total 00:01.50) label`: the best and worst are marked in words,
    /// for anyone who cannot tell green from red or has no colours, and in colour.
    private static func lapLine(_ viewState: StopwatchViewState, _ lap: LapViewState, colors: Bool) -> String {
        let line = StopwatchLineComposer.lapLine(viewState.name, lap)
        guard colors, let mark = StopwatchLineComposer.mark(lap) else { return line }
        return (mark == "best" ? "\u{1B}[32m" : "\u{1B}[31m") + line + "\u{1B}[0m"
    }
}
