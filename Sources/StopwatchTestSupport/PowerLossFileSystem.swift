import Glibc
import StopwatchPlatform
import Synchronization

/// A `FileSystem` in memory that can lose power after any operation, in the spirit of SQLite's
/// crash-test VFS: what was written but not yet synced is kept in a volatile layer, and what
/// survives a power cut is chosen among every way the disk could have left it.
///
/// Each file's data has a durable image (as of its last `sync`/`syncData`) and the writes and
/// truncations made since, in order; the state directory's entries have a durable set (as of its
/// last `sync`) and the creations, renames and removals made since. A power cut after operation
/// `cutAfter` makes every later call fail with `EIO`, as if the process died there; `survivors`
/// then gives the images a disk could hold: each pending write kept, dropped, or torn at 512-byte
/// sectors (any of its sectors kept), each pending truncation kept or undone, each pending
/// creation, rename and removal kept or undone, independently. A directory made with `mkdir` is
/// durable once its parent is synced; until then a power cut may undo it, and with the state
/// directory undone, every file in it is gone. Files are in the state directory or in a directory
/// made in it (the history's), named in an image by their path from the state directory
/// (`history/runs.tsv`); each directory's entries become durable when that directory is synced.
/// Locks are not modelled: one process uses it.
public final class PowerLossFileSystem: FileSystem, Sendable {
    /// One way the disk could be left: every file's bytes, by name.
    public typealias Image = [String: [UInt8]]
    // Entries are keyed by their path from the state directory: `NAME` in it, `DIRECTORY/NAME` in
    // a directory made in it.

    /// A change not yet made durable, in the order it was made.
    enum Pending: Sendable, Hashable {
        case write(inode: Int, offset: Int64, bytes: [UInt8])
        case truncate(inode: Int, size: Int64)
        case create(name: String, inode: Int)
        case rename(from: String, to: String)
        case remove(name: String)
        case makeDirectory(path: String)
    }

    /// What an open id refers to.
    enum Handle: Sendable, Hashable {
        case directory(String)
        case file(Int)
    }

    struct State: Sendable {
        var directories: Set<String>
        /// The state directory's path: the one directory that holds files.
        var home: String
        var durableEntries: [String: Int] = [:]
        var entries: [String: Int] = [:]
        var durableData: [Int: [UInt8]] = [:]
        var data: [Int: [UInt8]] = [:]
        var pending: [Pending] = []
        var nextInode = 1
        var open: [Int32: Handle] = [:]
        var nextOpen: Int32 = 3
        var operations = 0
        var cutAfter: Int?
        var isDown = false
        var isFull = false
    }

    private let state: Mutex<State>

    /// A file system holding `image` durably in the directory `home`, or, when `image` is nil,
    /// only `home`'s parents, for the store to create it.
    public init(home: String, image: Image? = [:]) {
        var directories: Set<String> = ["/"]
        var prefix = ""
        for component in home.split(separator: "/") {
            prefix += "/" + component
            directories.insert(prefix)
        }
        if image == nil { directories.remove(home) }
        var state = State(directories: directories, home: home)
        let image = image ?? [:]
        for name in image.keys {
            if let slash = name.firstIndex(of: "/") { state.directories.insert(home + "/" + name[..<slash]) }
        }
        for (name, bytes) in image.sorted(by: { $0.key < $1.key }) {
            let inode = state.nextInode
            state.nextInode += 1
            state.durableEntries[name] = inode
            state.entries[name] = inode
            state.durableData[inode] = bytes
            state.data[inode] = bytes
        }
        self.state = Mutex(state)
    }

    /// Loses power right after the `count`th operation that changes something (a write, a
    /// truncation, a sync, a creation, a rename, a removal); nil never.
    public func cutPower(after count: Int?) {
        state.withLock { $0.cutAfter = count }
    }

    /// Fills the disk (`full`), or frees it: while full, a write that adds bytes fails with
    /// ENOSPC, as a full disk's does, and changes nothing.
    public func fill(_ full: Bool = true) {
        state.withLock { $0.isFull = full }
    }

    /// How many operations that change something have been made.
    public var operationCount: Int { state.withLock { $0.operations } }

    /// True once the power is cut.
    public var isDown: Bool { state.withLock { $0.isDown } }

    /// The files as they are now, as if everything had been synced: what a process sees.
    public var currentImage: Image {
        state.withLock { state in state.entries.mapValues { state.data[$0] ?? [] } }
    }

    /// The changes not yet durable, for a test to count its loss patterns.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Every image the disk could hold after the power cut, or, when there are more than `limit`,
    /// `limit` of them drawn with `seed`.
    public func survivors(limit: Int = 4096, seed: UInt64) -> [Image] {
        let state = state.withLock { $0 }
        // Each pending change offers its choices: a write, a subset of its sectors (all or none
        // among them); anything else, kept or undone.
        let choices: [[Choice]] = state.pending.map { pending in
            guard case .write(_, let offset, let bytes) = pending, !bytes.isEmpty else { return [.undo, .keep] }
            let first = offset / 512
            let last = (offset + Int64(bytes.count) - 1) / 512
            let sectors = Int(last - first + 1)
            guard sectors <= 8 else { return [.undo, .keep, .sectors(Set([0])), .sectors(Set([sectors - 1]))] }
            return (0..<(1 << sectors)).map { mask in
                mask == 0
                    ? .undo
                    : mask == (1 << sectors) - 1 ? .keep : .sectors(Set((0..<sectors).filter { mask & (1 << $0) != 0 }))
            }
        }
        let total = choices.reduce(1.0) { $0 * Double($1.count) }
        var patterns: [[Choice]] = []
        if total <= Double(limit) {
            patterns = [[]]
            for options in choices {
                patterns = patterns.flatMap { pattern in options.map { pattern + [$0] } }
            }
        } else {
            var generator = SplitMix64(seed: seed)
            patterns = (0..<limit).map { _ in choices.map { $0.randomElement(using: &generator)! } }
        }
        return patterns.map { image(of: state, with: $0) }
    }

    enum Choice: Hashable {
        case keep
        case undo
        /// A write of which only these sectors (counted from its first) reached the disk.
        case sectors(Set<Int>)
    }

    private func image(of state: State, with pattern: [Choice]) -> Image {
        var entries = state.durableEntries
        var data = state.durableData
        for (pending, choice) in zip(state.pending, pattern) where choice != .undo {
            switch pending {
            case .makeDirectory: break
            case .write(let inode, let offset, let bytes):
                var file = data[inode] ?? []
                let first = offset / 512
                for (index, byte) in bytes.enumerated() {
                    let position = offset + Int64(index)
                    if case .sectors(let kept) = choice, !kept.contains(Int(position / 512 - first)) { continue }
                    if file.count < position { file += [UInt8](repeating: 0, count: Int(position) - file.count) }
                    if Int(position) < file.count { file[Int(position)] = byte } else { file.append(byte) }
                }
                data[inode] = file
            case .truncate(let inode, let size):
                var file = data[inode] ?? []
                if file.count > size {
                    file.removeLast(file.count - Int(size))
                } else {
                    file += [UInt8](repeating: 0, count: Int(size) - file.count)
                }
                data[inode] = file
            case .create(let name, let inode):
                entries[name] = inode
                if data[inode] == nil { data[inode] = [] }
            case .rename(let from, let to):
                guard let inode = entries.removeValue(forKey: from) else { continue }
                entries[to] = inode
            case .remove(let name):
                entries.removeValue(forKey: name)
            }
        }
        // The state directory, or a parent of it, made and then lost: nothing in it is left; a
        // directory made in it and lost, nothing in that one.
        for (pending, choice) in zip(state.pending, pattern) where choice == .undo {
            guard case .makeDirectory(let path) = pending else { continue }
            if state.home == path || state.home.hasPrefix(path + "/") { return [:] }
            if path.hasPrefix(state.home + "/") {
                let prefix = path.dropFirst(state.home.count + 1) + "/"
                entries = entries.filter { !$0.key.hasPrefix(prefix) }
            }
        }
        return entries.mapValues { data[$0] ?? [] }
    }

    /// True when the state directory exists, as a process sees it.
    public var hasHome: Bool { state.withLock { $0.directories.contains($0.home) } }

    // MARK: - FileSystem

    /// Counts an operation that changes something, failing it when the power is already cut, and
    /// cutting the power after it when it is the chosen one. `change` runs in between.
    private func changing<T>(_ change: (inout State) throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        try state.withLock { state throws(FileSystemError) -> T in
            guard !state.isDown else { throw FileSystemError(errno: EIO) }
            let result = try change(&state)
            state.operations += 1
            if state.operations == state.cutAfter { state.isDown = true }
            return result
        }
    }

    private func reading<T>(_ look: (State) throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        try state.withLock { state throws(FileSystemError) -> T in
            guard !state.isDown else { throw FileSystemError(errno: EIO) }
            return try look(state)
        }
    }

    public func status(atPath path: String) throws(FileSystemError) -> FileStatus? {
        try reading { state throws(FileSystemError) in
            state.directories.contains(path) ? FileStatus(kind: .directory, size: 0, owner: geteuid()) : nil
        }
    }

    public func makeDirectory(atPath path: String, mode: UInt32) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            guard !state.directories.contains(path) else { throw FileSystemError(errno: EEXIST) }
            state.directories.insert(path)
            state.pending.append(.makeDirectory(path: path))
        }
    }

    public func openDirectory(atPath path: String) throws(FileSystemError) -> OpenFile {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return try state.withLock { state throws(FileSystemError) -> OpenFile in
            guard !state.isDown else { throw FileSystemError(errno: EIO) }
            guard state.directories.contains(path) else { throw FileSystemError(errno: ENOENT) }
            return Self.register(.directory(path), in: &state)
        }
    }

    private static func register(_ handle: Handle, in state: inout State) -> OpenFile {
        let id = state.nextOpen
        state.nextOpen += 1
        state.open[id] = handle
        return OpenFile(id: id)
    }

    /// The key of `name` in `directory`: its path from the state directory.
    private static func key(_ name: String, in directory: OpenFile, _ state: State) throws(FileSystemError) -> String {
        guard case .directory(let path) = state.open[directory.id] else { throw FileSystemError(errno: EBADF) }
        if path == state.home { return name }
        guard path.hasPrefix(state.home + "/") else { throw FileSystemError(errno: EACCES) }
        return path.dropFirst(state.home.count + 1) + "/" + name
    }

    /// The path from the state directory of `path`, a directory in it, with a slash; "" for the
    /// state directory itself.
    private static func prefix(of path: String, _ state: State) -> String? {
        if path == state.home { return "" }
        guard path.hasPrefix(state.home + "/") else { return nil }
        return path.dropFirst(state.home.count + 1) + "/"
    }

    /// True when `key` names an entry of the directory whose prefix is `prefix`.
    private static func isEntry(_ key: String, of prefix: String) -> Bool {
        key.hasPrefix(prefix) && !key.dropFirst(prefix.count).contains("/")
    }

    private static func inode(_ file: OpenFile, in state: State) throws(FileSystemError) -> Int {
        guard case .file(let inode) = state.open[file.id] else { throw FileSystemError(errno: EBADF) }
        return inode
    }

    public func open(_ name: String, in directory: OpenFile, _ mode: OpenMode) throws(FileSystemError) -> OpenFile? {
        let name = try reading { state throws(FileSystemError) in try Self.key(name, in: directory, state) }
        let existing = try reading { state throws(FileSystemError) in state.entries[name] }
        switch (mode, existing) {
        case (.read, nil): return nil
        case (.createNew, _?): throw FileSystemError(errno: EEXIST)
        case (_, let inode?): return state.withLock { Self.register(.file(inode), in: &$0) }
        case (_, nil):
            return try changing { state throws(FileSystemError) in
                let inode = state.nextInode
                state.nextInode += 1
                state.entries[name] = inode
                state.data[inode] = []
                state.pending.append(.create(name: name, inode: inode))
                return Self.register(.file(inode), in: &state)
            }
        }
    }

    public func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        try reading { state throws(FileSystemError) in
            switch state.open[file.id] {
            case nil: throw FileSystemError(errno: EBADF)
            case .directory: return FileStatus(kind: .directory, size: 0, owner: geteuid())
            case .file(let inode):
                return FileStatus(kind: .regular, size: Int64(state.data[inode]?.count ?? 0), owner: geteuid())
            }
        }
    }

    public func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus? {
        try reading { state throws(FileSystemError) in
            let name = try Self.key(name, in: directory, state)
            return state.entries[name].map {
                FileStatus(kind: .regular, size: Int64(state.data[$0]?.count ?? 0), owner: geteuid())
            }
        }
    }

    public func entries(of directory: OpenFile) throws(FileSystemError) -> [String] {
        try reading { state throws(FileSystemError) in
            guard case .directory(let path) = state.open[directory.id], let prefix = Self.prefix(of: path, state) else {
                throw FileSystemError(errno: EBADF)
            }
            let files = state.entries.keys.filter { Self.isEntry($0, of: prefix) }.map {
                String($0.dropFirst(prefix.count))
            }
            let directories = state.directories.filter {
                $0.hasPrefix(path + "/") && !$0.dropFirst(path.count + 1).contains("/")
            }
            return files + directories.map { String($0.dropFirst(path.count + 1)) }
        }
    }

    public func lock(_ directory: OpenFile, exclusive: Bool) throws(FileSystemError) {
        try reading { _ throws(FileSystemError) in }
    }

    public func read(_ file: OpenFile, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
        try reading { state throws(FileSystemError) in
            let bytes = state.data[try Self.inode(file, in: state)] ?? []
            guard offset < bytes.count else { return [] }
            return Array(bytes[Int(offset)..<min(bytes.count, Int(offset) + count)])
        }
    }

    public func write(_ bytes: [UInt8], to file: OpenFile, at offset: Int64) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            let inode = try Self.inode(file, in: state)
            var data = state.data[inode] ?? []
            let end = Int(offset) + bytes.count
            if state.isFull, end > data.count { throw FileSystemError(errno: ENOSPC) }
            if data.count < offset { data += [UInt8](repeating: 0, count: Int(offset) - data.count) }
            if data.count < end { data += [UInt8](repeating: 0, count: end - data.count) }
            data.replaceSubrange(Int(offset)..<end, with: bytes)
            state.data[inode] = data
            state.pending.append(.write(inode: inode, offset: offset, bytes: bytes))
        }
    }

    public func truncate(_ file: OpenFile, to size: Int64) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            let inode = try Self.inode(file, in: state)
            var data = state.data[inode] ?? []
            if data.count > size {
                data.removeLast(data.count - Int(size))
            } else {
                data += [UInt8](repeating: 0, count: Int(size) - data.count)
            }
            state.data[inode] = data
            state.pending.append(.truncate(inode: inode, size: size))
        }
    }

    public func setMode(_ file: OpenFile, _ mode: UInt32) throws(FileSystemError) {
        try reading { state throws(FileSystemError) in _ = try Self.inode(file, in: state) }
    }

    public func sync(_ file: OpenFile) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            switch state.open[file.id] {
            case nil:
                throw FileSystemError(errno: EBADF)
            case .file(let inode):
                Self.makeDurable(inode, in: &state)
            case .directory(let path):
                // Any directory: the directories made in it become durable. The state directory or
                // one in it: its entries too, and the data of files created since only as far as
                // it was synced.
                state.pending.removeAll { pending in
                    guard case .makeDirectory(let made) = pending else { return false }
                    let parent = made.split(separator: "/").dropLast().reduce("") { $0 + "/" + $1 }
                    return (parent.isEmpty ? "/" : parent) == path
                }
                guard let prefix = Self.prefix(of: path, state) else { break }
                for key in Set(state.entries.keys).union(state.durableEntries.keys) where Self.isEntry(key, of: prefix)
                {
                    state.durableEntries[key] = state.entries[key]
                }
                state.pending.removeAll { pending in
                    switch pending {
                    case .create(let name, let inode) where Self.isEntry(name, of: prefix):
                        state.durableData[inode] = state.durableData[inode] ?? []
                        return true
                    case .rename(let from, _) where Self.isEntry(from, of: prefix): return true
                    case .remove(let name) where Self.isEntry(name, of: prefix): return true
                    default: return false
                    }
                }
            }
        }
    }

    public func syncData(_ file: OpenFile) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            Self.makeDurable(try Self.inode(file, in: state), in: &state)
        }
    }

    private static func makeDurable(_ inode: Int, in state: inout State) {
        state.durableData[inode] = state.data[inode]
        state.pending.removeAll { pending in
            switch pending {
            case .write(let written, _, _), .truncate(let written, _): written == inode
            default: false
            }
        }
    }

    public func rename(_ name: String, to newName: String, in directory: OpenFile) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            let (name, newName) = (
                try Self.key(name, in: directory, state), try Self.key(newName, in: directory, state)
            )
            guard let inode = state.entries.removeValue(forKey: name) else { throw FileSystemError(errno: ENOENT) }
            state.entries[newName] = inode
            state.pending.append(.rename(from: name, to: newName))
        }
    }

    public func remove(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try changing { state throws(FileSystemError) in
            let name = try Self.key(name, in: directory, state)
            guard state.entries.removeValue(forKey: name) != nil else { throw FileSystemError(errno: ENOENT) }
            state.pending.append(.remove(name: name))
        }
    }

    public func close(_ file: OpenFile) {
        state.withLock { _ = $0.open.removeValue(forKey: file.id) }
    }
}
