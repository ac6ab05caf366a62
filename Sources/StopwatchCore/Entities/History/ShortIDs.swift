/// How many hex digits each of a set of ids is shown with: `EventID.shortLength`, or more for ids
/// that share their first digits with another, so that every id shown can be typed back.
public struct ShortIDs: Sendable {
    private var longer: [EventID: Int] = [:]

    /// The lengths that tell `ids` apart.
    public init(_ ids: [EventID]) {
        // By the first 32 bits (8 digits): only ids that share them need more.
        var seen: [UInt64: EventID] = [:]
        seen.reserveCapacity(ids.count)
        var shared: [UInt64: [EventID]] = [:]
        for id in ids {
            let key = id.high >> 32
            if let other = seen[key], other != id {
                shared[key, default: [other]].append(id)
            } else {
                seen[key] = id
            }
        }
        for group in shared.values {
            let digits = group.map(\.hex)
            for (index, id) in group.enumerated() {
                var length = EventID.shortLength
                while length < 32,
                    digits.enumerated().contains(where: {
                        $0.offset != index && $0.element.prefix(length) == digits[index].prefix(length)
                    })
                {
                    length += 1
                }
                longer[id] = length
            }
        }
    }

    /// How many digits `id` is shown with.
    public func length(of id: EventID) -> Int {
        longer[id] ?? EventID.shortLength
    }
}
