import Glibc
import Synchronization

/// The controlling terminal's settings: character-at-a-time input without echo for the live view,
/// and the exact settings to give back afterwards.
///
/// Signals stay enabled (ISIG), so Ctrl-C and Ctrl-Z still arrive as SIGINT and SIGTSTP.
public final class TermiosTerminal: Sendable {
    private let descriptor: Int32
    private let original = Mutex<termios?>(nil)

    public init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// Saves the current settings (the first time) and switches off line buffering and echo.
    public func enterRawMode() {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return }
        original.withLock { original in
            if original == nil { original = settings }
        }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// Puts back the settings saved by `enterRawMode`; harmless if raw mode was never entered.
    public func restore() {
        guard var settings = original.withLock({ $0 }) else { return }
        tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// The width of the terminal on `descriptor`, or 80 when it cannot be told.
    /// The window's height in rows, or 24 when it cannot be asked.
    public static func rows(of descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }

    public static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
