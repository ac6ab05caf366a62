/// For a name never created, the stored name it is most probably a slip for: one edit away
/// (`biuld` for `build`, a letter more, less or changed, or two swapped), read from the names
/// alone; nil when the name exists or none is that close. A name shorter than
/// `shortestSlip` is taken as meant (`b` beside `a`, `t2` beside `t1`): one letter is all that
/// tells such names apart. What a command
/// that creates (`start`, `restart`, `timer`, `toggle`, `watch`) says beside what it did, so a typo
/// does not pass for a new stopwatch.
public struct FindCloseNameUseCase: Sendable {
    private let store: any StopwatchStore

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore) {
        self.store = store
    }

    /// The fewest characters a name has for a name one edit from it to read as a slip.
    public static let shortestSlip = 4

    /// Reads what the type's summary says; it writes nothing.
    public func execute(_ name: StopwatchName) -> StopwatchName? {
        guard name.rawValue.count >= Self.shortestSlip, let names = try? store.names(), !names.contains(name) else {
            return nil
        }
        let typed = Array(name.rawValue.lowercased().unicodeScalars)
        return names.first {
            ClosestMatch.editDistance(typed, Array($0.rawValue.lowercased().unicodeScalars), limit: 1) <= 1
        }
    }
}
