/// For a name never created, the stored name it is most probably a slip for: one edit away
/// (`biuld` for `build`, a letter more, less or changed, or two swapped), read from the names
/// alone; nil when the name exists or none is that close. What a command
/// that creates (`start`, `restart`, `timer`, `toggle`, `watch`) says beside what it did, so a typo
/// does not pass for a new stopwatch.
public struct FindCloseNameUseCase: Sendable {
    private let store: any StopwatchStore

    public init(store: any StopwatchStore) {
        self.store = store
    }

    public func execute(_ name: StopwatchName) -> StopwatchName? {
        guard let names = try? store.names(), !names.contains(name) else { return nil }
        let typed = Array(name.rawValue.lowercased().unicodeScalars)
        return names.first {
            ClosestMatch.editDistance(typed, Array($0.rawValue.lowercased().unicodeScalars), limit: 1) <= 1
        }
    }
}
