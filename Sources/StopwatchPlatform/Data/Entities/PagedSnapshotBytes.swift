import Glibc
import Synchronization

/// A snapshot's body read from its file a page at a time as its table asks, each page checked
/// against the head's check of it when first read and kept for the next asks: a correction
/// searches a hundred thousand runs in a few pages (`HistorySnapshotFile.paged`).
///
/// A page that cannot be read or fails its check is given as zeros and noted (`failed`): the
/// store then sets aside whatever was worked out from it and reads the whole log.
final class PagedSnapshotBytes: Sendable {
    private let file: ReadableFile
    /// Where the body begins in the file, and its size.
    private let start: Int
    private let size: Int
    private let checks: HistorySnapshotFile.PageChecks
    private let state: Mutex<State>

    private struct State {
        /// The body, each page filled when first read: `calloc`'s memory, which the kernel maps
        /// without touching it, so that only the pages read cost anything. A page once filled is
        /// never written again. (An array of pages, most of them empty, was a cost to destroy
        /// that every correction paid.)
        var body: UnsafeMutableRawBufferPointer
        /// The pages read and checked, a bit each.
        var pagesIn: [UInt64]
        var read = 0
        var failed = false
    }

    init(file: ReadableFile, start: Int, size: Int, checks: HistorySnapshotFile.PageChecks) {
        self.file = file
        self.start = start
        self.size = size
        self.checks = checks
        let body = UnsafeMutableRawBufferPointer(start: calloc(max(1, size), 1), count: size)
        state = Mutex(State(body: body, pagesIn: [UInt64](repeating: 0, count: (checks.count + 63) / 64)))
    }

    deinit {
        state.withLock { free($0.body.baseAddress) }
    }

    /// Whether a page failed, or something read was not what a snapshot can hold.
    var failed: Bool { state.withLock { $0.failed } }

    /// How many pages were read.
    var pagesRead: Int { state.withLock { $0.read } }

    func fail() {
        state.withLock { $0.failed = true }
    }

    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let pageSize = HistorySnapshotFile.pageSize
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= size else { return zeros(range.count, body) }
        let first = range.lowerBound / pageSize
        let last = (range.upperBound - 1) / pageSize
        guard let bytes = pages(first...last) else { return zeros(range.count, body) }
        return body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    private func zeros<Result>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if count > 0 { fail() }
        return [UInt8](repeating: 0, count: max(0, count)).withUnsafeBytes(body)
    }

    /// The body with `numbers` read and checked, or nil when one of them cannot be had.
    private func pages(_ numbers: ClosedRange<Int>) -> UnsafeRawBufferPointer? {
        state.withLock { state in
            // No memory for the body: as a page that cannot be read.
            guard let base = state.body.baseAddress else {
                state.failed = true
                return nil
            }
            for number in numbers where state.pagesIn[number >> 6] & (1 << UInt64(number & 63)) == 0 {
                state.read += 1
                let offset = number * HistorySnapshotFile.pageSize
                let count = min(HistorySnapshotFile.pageSize, size - offset)
                guard let bytes = file.read(at: Int64(start + offset), count: count), bytes.count == count,
                    HistorySnapshotFile.check(bytes[...]) == checks[number]
                else {
                    state.failed = true
                    return nil
                }
                bytes.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: count) }
                state.pagesIn[number >> 6] |= 1 << UInt64(number & 63)
            }
            return UnsafeRawBufferPointer(state.body)
        }
    }
}
