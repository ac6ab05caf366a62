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
        /// Each page read so far, by number (empty: not read; no page is): an array, not a
        /// dictionary, as the searches of a correction ask for pages tens of thousands of times,
        /// and not of optionals, each of which the runtime's generic code destroyed.
        var pages: [[UInt8]]
        var read = 0
        var failed = false
    }

    init(file: ReadableFile, start: Int, size: Int, checks: HistorySnapshotFile.PageChecks) {
        self.file = file
        self.start = start
        self.size = size
        self.checks = checks
        state = Mutex(State(pages: [[UInt8]](repeating: [], count: checks.count)))
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
        let first = range.lowerBound / pageSize, last = (range.upperBound - 1) / pageSize
        let offset = range.lowerBound - first * pageSize
        if first == last {
            guard let page = page(first) else { return zeros(range.count, body) }
            return page.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + range.count)])) }
        }
        var joined: [UInt8] = []
        for number in first...last {
            guard let page = page(number) else { return zeros(range.count, body) }
            joined += page
        }
        return joined.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + range.count)])) }
    }

    private func zeros<Result>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if count > 0 { fail() }
        return [UInt8](repeating: 0, count: max(0, count)).withUnsafeBytes(body)
    }

    /// Page `number`, read and checked, or nil when it cannot be had.
    private func page(_ number: Int) -> [UInt8]? {
        state.withLock { state in
            if !state.pages[number].isEmpty { return state.pages[number] }
            state.read += 1
            let offset = number * HistorySnapshotFile.pageSize
            guard let bytes = file.read(at: Int64(start + offset), count: min(HistorySnapshotFile.pageSize, size - offset)),
                HistorySnapshotFile.check(bytes[...]) == checks[number]
            else {
                state.failed = true
                return nil
            }
            state.pages[number] = bytes
            return bytes
        }
    }
}
