import StopwatchCore

/// Why the state directory or a file in it could not be used, with the path it concerns.
public struct StoreFailure: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A state file that cannot be read or parsed; it is left exactly as it is.
        case invalidData
        /// The state directory or a file in it cannot be created, or is unsafe to use.
        case cannotCreate
        /// Reading or writing failed part way.
        case ioError
        /// The environment names the state directory in a way that cannot be used.
        case misconfigured
    }

    /// The way out of an invalid file, which its message names.
    public enum Remedy: Sendable, Hashable {
        /// `stopwatch delete --force NAME` removes the stopwatch's files.
        case deleteForce(StopwatchName)
        /// Something that is no file of ours to remove (a directory, a FIFO).
        case removeByHand
    }

    /// What is wrong with the path, as facts; `MessageMapper` words it.
    public enum Reason: Sendable, Hashable {
        /// `$HOME` is not set, and nothing else names a state directory.
        case homeUnset
        /// `$STOPWATCH_HOME` is a relative path (the path is the failure's).
        case relativeStateDirectory
        /// The state directory went away while it was being made.
        case disappeared
        case directoryIsSymbolicLink
        case notADirectory
        /// The state directory belongs to another user.
        case ownedByAnother(owner: UInt32, you: UInt32)
        case notARegularFile
        /// A state file that is a symbolic link, never followed.
        case symbolicLink
        case empty
        case notJSON
        /// JSON of the wrong shape.
        case badShape(JSONFieldError)
        /// A saved plan whose words `cycle` refuses; the sentence says why.
        case badPlan(String)
        /// A line of the goals file (`goals`) that says no goal: its number and its text.
        case badGoal(line: Int, String)
        /// JSON of the right shape that describes no valid stopwatch.
        case invalid(EntityError)
        /// A state about to be written that would not be read back.
        case unwritable(EntityError)
        /// A lap file's line, counted from 1.
        case lineNotJSON(Int)
        case lineBadShape(Int, JSONFieldError)
        case lineInvalid(Int, EntityError)
        /// A journal in which no line's check matches its content.
        case noWholeLine
        /// A journal whose last line holds a whole, valid state, newline and all, but whose check
        /// does not match its content: edited by hand (a write cut short by a crash holds no
        /// whole state), with a line before it that would otherwise be taken in its place.
        case lastLineEdited
        /// A journal whose last whole line holds a lap and no state.
        case endsWithoutState
        /// A lap file missing while its state file records laps.
        case lapFileMissing(laps: Int)
        case lapsOutOfOrder(laps: Int)
        /// A lap file shorter than its state file records.
        case shorterThanRecorded(size: Int64, recorded: Int64)
        case largerThan(bytes: Int64)
        case missingRecordedBytes(Int64)
        /// A file shortened while it was being read.
        case endedEarly
        /// A system call failed with `errno`.
        case cannot(FileOperation, errno: Int32)
    }

    /// What the store was doing when a system call failed.
    public enum FileOperation: Sendable, Hashable {
        case examine, open, openForWriting, lock, list, flush, create, makePrivate, read, remove, replace, truncate,
            write
    }

    public var kind: Kind
    public var path: String
    public var reason: Reason
    public var remedy: Remedy?

    public init(_ kind: Kind, path: String, reason: Reason, remedy: Remedy? = nil) {
        self.kind = kind
        self.path = path
        self.reason = reason
        self.remedy = remedy
    }
}
