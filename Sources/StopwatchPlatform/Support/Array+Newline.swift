import Glibc

extension Array where Element == UInt8 {
    /// The index of the first newline at or after `start`, or nil: found by `memchr`, which
    /// reads many bytes a step, where a loop a byte at a time cost `laps` of a 61 MB journal a
    /// fifth of its time.
    func firstNewline(from start: Int) -> Int? {
        guard start < count else { return nil }
        return withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
