import Synchronization

/// The live view of one stopwatch, line-oriented.
///
/// On a terminal it first shows the keys that apply, then keeps one status line redrawn in place
/// (`\r`, the text, erase to end of line), written only when its text changed and fitted to the
/// window's width by `LiveLine`, so it never wraps; each new lap of a stopwatch is printed as a
/// line of its own above it, the best so far marked `best` (and green), the worst `worst` (and
/// red). A countdown's line has its end time and a progress bar, and the bell rings once when it
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

    static let stopwatchKeys = "space: start/pause/resume   l: lap   r: reset   q: quit\n"
    static let countdownKeys = "space: pause/resume   +/-: 10 s more/less   r: reset   q: quit\n"

    private struct Shown {
        var line: String?
        /// What the line says besides the stopwatch, until the next change (`flash`).
        var hint: String?
        /// The window title set, while the old one waits on the title stack.
        var title: String?
        /// The last view state rendered, to tell what changed since.
        var viewState: StopwatchViewState?
        /// The window's width, asked once and again on `redraw()`: not an ioctl every 10 ms.
        var width: Int?
        /// The shortest and longest laps printed since the view started or the stopwatch was reset.
        var fastest: Int64?
        var slowest: Int64?
        var lapsPrinted = 0
    }

    private let mode: Mode
    private let output: any TextOutput
    private let width: @Sendable () -> Int
    private let shown = Mutex(Shown())

    /// `width` is asked for the first line and again on every `redraw()`, which follows a resize.
    public init(viewModel: StopwatchViewModel, mode: Mode, output: any TextOutput, width: @escaping @Sendable () -> Int) {
        self.mode = mode
        self.output = output
        self.width = width
        viewModel.addListener { [self] viewState in render(viewState) }
    }

    func render(_ viewState: StopwatchViewState) {
        let text = shown.withLock { shown in update(&shown, with: viewState) }
        if !text.isEmpty { output.write(text) }
    }

    /// Draws the live line again, whatever was on screen: after the terminal was given back and
    /// taken again (SIGCONT), or resized (SIGWINCH). A terminal that rewraps its lines on a resize
    /// has spread a line longer than the new width over several rows, with the cursor on the last:
    /// those rows are erased first, so no stale copy of the line stays above it.
    public func redraw() {
        let text = shown.withLock { shown -> String in
            guard case .terminal = mode, let viewState = shown.viewState else { return "" }
            let width = max(1, self.width())
            let extraRows = ((shown.line?.count ?? 0) - 1) / width
            shown.line = nil
            shown.width = width
            return "\r" + (extraRows > 0 ? "\u{1B}[\(extraRows)A" : "") + "\u{1B}[J" + update(&shown, with: viewState)
        }
        if !text.isEmpty { output.write(text) }
    }

    /// Shows `hint` in the live line (on a terminal; elsewhere nothing) until `clearHint()` or the
    /// next change of status or laps: for a key that does not apply now, it leaves nothing in the
    /// scrollback.
    public func flash(_ hint: String) {
        let text = shown.withLock { shown -> String in
            guard case .terminal = mode, let viewState = shown.viewState else { return "" }
            shown.hint = hint
            return update(&shown, with: viewState)
        }
        if !text.isEmpty { output.write(text) }
    }

    /// Takes a hint away again.
    public func clearHint() {
        let text = shown.withLock { shown -> String in
            guard shown.hint != nil, let viewState = shown.viewState else { return "" }
            shown.hint = nil
            return update(&shown, with: viewState)
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
        let title = shown.withLock { shown in Self.restoreTitle(&shown) }
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
                let line = update(&shown, with: viewState)
                return line + Self.restoreTitle(&shown) + "\n\u{1B}[?25h"
            case .log:
                // An expired countdown's last event, the expiry, is already written.
                guard let viewState = shown.viewState, viewState.countdown?.isExpired != true else { return "" }
                return "\(viewState.name): quit \(Self.time(viewState))\n"
            }
        }
        output.write(text)
    }

    private func update(_ shown: inout Shown, with viewState: StopwatchViewState) -> String {
        // What is needed of the last view state, rather than a copy of it: this runs every 10 ms.
        let isFirst = shown.viewState == nil
        let previousLapCount = shown.viewState?.lapCount
        let statusChanged = viewState.status != shown.viewState?.status
        let wasCountingDown = shown.viewState?.countdown?.isExpired == false
        shown.viewState = viewState
        var text = ""
        if viewState.lapCount < previousLapCount ?? 0 || viewState.lapCount == 0 {
            (shown.fastest, shown.slowest, shown.lapsPrinted) = (nil, nil, 0)
        }
        let newLap = previousLapCount.map { viewState.lapCount > $0 } ?? false

        switch mode {
        case .terminal(let colors):
            if isFirst {
                text += (viewState.countdown == nil ? Self.stopwatchKeys : Self.countdownKeys) + "\u{1B}[?25l"
            }
            if newLap || statusChanged { shown.hint = nil }
            let width = shown.width ?? self.width()
            shown.width = width
            // A countdown's laps are elapsed times, which its view does not show.
            if newLap, viewState.countdown == nil, let lap = viewState.latestLap {
                text += "\r" + lapLine(viewState, lap, in: &shown, colors: colors) + "\u{1B}[K\n"
                shown.line = nil
            }
            if let countdown = viewState.countdown {
                let left = countdown.isExpired ? "expired" : String(countdown.remaining.clock.prefix { $0 != "." })
                let title = "\(viewState.name) \(left)"
                if title != shown.title {
                    text += (shown.title == nil ? "\u{1B}[22;0t" : "") + "\u{1B}]0;\(title)\u{7}"
                    shown.title = title
                }
            }
            let line = LiveLine(viewState, hint: shown.hint).fitted(to: width)
            if viewState.countdown?.isExpired == true, wasCountingDown {
                text += "\u{7}"
            }
            if line != shown.line {
                // A line as wide as the window leaves the cursor waiting to wrap, where erasing
                // would take its last character: it needs no erasing anyway.
                text += "\r" + line + (line.utf8.count < width || line.count < width ? "\u{1B}[K" : "")
                shown.line = line
            }
        case .log:
            if newLap {
                text += StatusView.text(viewState, format: .lap)
            } else if statusChanged {
                text += StatusView.text(viewState, format: .line)
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

    /// `demo: lap 2 00:00.50 best (total 00:01.50) label`: the best and worst so far are marked in
    /// words, for anyone who cannot tell green from red or has no colours, and in colour.
    private func lapLine(_ viewState: StopwatchViewState, _ lap: LapViewState, in shown: inout Shown, colors: Bool) -> String {
        let micros = lap.duration.microseconds
        let isBest = micros <= (shown.fastest ?? .max)
        let isWorst = micros >= (shown.slowest ?? .min)
        shown.fastest = min(shown.fastest ?? .max, micros)
        shown.slowest = max(shown.slowest ?? .min, micros)
        shown.lapsPrinted += 1
        let marked = shown.lapsPrinted >= 2 && isBest != isWorst
        let mark = marked ? (isBest ? " best" : " worst") : ""
        let label = lap.label.map { " \($0)" } ?? ""
        let line = "\(viewState.name): lap \(lap.number) \(lap.duration.clock)\(mark) (total \(lap.total.clock))\(label)"
        guard colors, marked else { return line }
        return (isBest ? "\u{1B}[32m" : "\u{1B}[31m") + line + "\u{1B}[0m"
    }

    private static func time(_ viewState: StopwatchViewState) -> String {
        (viewState.isEstimated ? "~" : "") + (viewState.countdown.map { "\($0.remaining.clock) left" } ?? viewState.elapsed.clock)
    }
}
