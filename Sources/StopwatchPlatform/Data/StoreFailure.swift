import StopwatchCore

/// Why the state directory or a file in it could not be used, with the path it concerns.
public struct StoreFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A state file that cannot be read or parsed; it is left exactly as it is.
        case invalidData
        /// The state directory or a file in it cannot be created, or is unsafe to use.
        case cannotCreate
        /// Reading or writing failed part way.
        case ioError
    }

    /// The way out of an invalid file, which its message names.
    public enum Remedy: Sendable, Hashable {
        /// `stopwatch delete --force NAME` removes the stopwatch's files.
        case deleteForce(StopwatchName)
        /// Something that is no file of ours to remove (a directory, a FIFO).
        case removeByHand
    }

    public var kind: Kind
    public var path: String
    public var reason: String
    public var remedy: Remedy?

    public init(_ kind: Kind, path: String, reason: String, remedy: Remedy? = nil) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.remedy = remedy
    }

    /// `PATH: REASON`; the path may come from the environment, so its control characters are escaped.
    public var description: String { "\(path.escapingControlCharacters): \(reason)" }
}
