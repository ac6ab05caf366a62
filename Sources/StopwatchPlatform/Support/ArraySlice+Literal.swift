extension ArraySlice where Element == UInt8 {
    /// True when the bytes from `index` are `literal`'s UTF-8: compared byte by byte, where
    /// `elementsEqual` with a string's UTF-8 view was a generic call on every line `laps` reads.
    func holds(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index >= startIndex, endIndex - index >= count else { return false }
        let expected = literal.utf8Start
        var offset = 0
        while offset < count {
            guard self[index + offset] == expected[offset] else { return false }
            offset += 1
        }
        return true
    }
}
