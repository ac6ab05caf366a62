import Synchronization

/// The live view of one stopwatch, line-oriented.
///
/// On a terminal it keeps one status line redrawn in place (`\r`, the text, erase to end of line),
/// written only when its text changed and cut to the window's width so it never wraps; each new
/// lap is printed as a line of its own above it, the best so far in green and the worst in red.
/// A countdown's line has a progress bar, and the bell rings once when it reaches zero.
/// Into a pipe or file it writes no escape codes, just one line per event: a status change, a lap,
/// the end.
public final class TerminalView: Sendable {
    public enum Mode: Sendable, Hashable {
        case terminal(colors: Bool)
        case log
    }

    static let hint = "space: start/pause/resume   l: lap   r: reset   q: quit\n"

    private struct Shown {
        var line: String?
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

    /// Writes what goes before the first view state: on a terminal, the keys and a hidden cursor.
    public func begin() {
        if case .terminal = mode { output.write(Self.hint + "\u{1B}[?25l") }
    }

    func render(_ viewState: StopwatchViewState) {
        let text = shown.withLock { shown in update(&shown, with: viewState) }
        if !text.isEmpty { output.write(text) }
    }

    /// Draws the live line again, whatever was on screen: after the terminal was given back and
    /// taken again (SIGCONT), or resized (SIGWINCH).
    public func redraw() {
        let text = shown.withLock { shown -> String in
            guard case .terminal = mode, let viewState = shown.viewState else { return "" }
            shown.line = nil
            shown.width = nil
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

    /// Gives the terminal back for a while (SIGTSTP): the line stays, the cursor is shown.
    public func suspend() {
        if case .terminal = mode { output.write("\n\u{1B}[?25h") }
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
                return (shown.line.map { "\r\($0)\u{1B}[K" } ?? "") + "\n\u{1B}[?25h"
            case .log:
                // An expired countdown's last event, the expiry, is already written.
                guard let viewState = shown.viewState, viewState.countdown?.isExpired != true else { return "" }
                return "\(viewState.name): quit \(Self.time(viewState))\n"
            }
        }
        output.write(text)
    }

    private func update(_ shown: inout Shown, with viewState: StopwatchViewState) -> String {
        let previous = shown.viewState
        shown.viewState = viewState
        var text = ""
        if viewState.lapCount < previous?.lapCount ?? 0 || viewState.lapCount == 0 {
            (shown.fastest, shown.slowest, shown.lapsPrinted) = (nil, nil, 0)
        }
        let newLap = previous.map { viewState.lapCount > $0.lapCount } ?? false
        let statusChanged = viewState.status != previous?.status

        switch mode {
        case .terminal(let colors):
            if newLap, let lap = viewState.latestLap {
                let line = String(StatusView.text(viewState, format: .lap).dropLast())
                text += "\r" + colour(line, for: lap, in: &shown, colors: colors) + "\u{1B}[K\n"
                shown.line = nil
            }
            let width = shown.width ?? self.width()
            shown.width = width
            let line = Self.cut(StatusView.line(viewState, extra: Self.bar(viewState.countdown)), to: width)
            if viewState.countdown?.isExpired == true, previous.map({ $0.countdown?.isExpired == false }) ?? false {
                text += "\u{7}"
            }
            if line != shown.line {
                text += "\r" + line + "\u{1B}[K"
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

    private func colour(_ line: String, for lap: LapViewState, in shown: inout Shown, colors: Bool) -> String {
        let micros = lap.duration.microseconds
        let isBest = micros <= (shown.fastest ?? .max)
        let isWorst = micros >= (shown.slowest ?? .min)
        shown.fastest = min(shown.fastest ?? .max, micros)
        shown.slowest = max(shown.slowest ?? .min, micros)
        shown.lapsPrinted += 1
        guard colors, shown.lapsPrinted >= 2, isBest != isWorst else { return line }
        return (isBest ? "\u{1B}[32m" : "\u{1B}[31m") + line + "\u{1B}[0m"
    }

    private static func time(_ viewState: StopwatchViewState) -> String {
        (viewState.isEstimated ? "~" : "") + (viewState.countdown.map { "\($0.remaining.clock) left" } ?? viewState.elapsed.clock)
    }

    /// ` [#####---------------] 25%` for a countdown still running down; empty otherwise.
    static func bar(_ countdown: CountdownViewState?) -> String {
        guard let countdown, !countdown.isExpired else { return "" }
        let filled = countdown.progressPermille * 20 / 1000
        let cells = String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
        return " [\(cells)] \(countdown.progressPermille / 10)%"
    }

    /// Cuts `line` to one character less than the window, so the cursor never wraps to a new row.
    static func cut(_ line: String, to width: Int) -> String {
        let room = max(1, width - 1)
        // Most lines are ASCII, where bytes are characters and counting them is cheap.
        if line.utf8.count <= room { return line }
        return line.count <= room ? line : String(line.prefix(room))
    }
}
