import StopwatchPlatform

/// A sync engine between the machines of a simulation, as Syncthing, a synced folder or git
/// carries a state directory: a shared copy (the hub) that each machine's changes are carried to,
/// and carried from, file by file, in any order and late.
///
/// A file changed on a machine since it last exchanged it goes to the hub, unless the hub's
/// copy changed meanwhile too: then the hub keeps its own, and the machine's version is kept
/// beside it as a conflict copy (`NAME.sync-conflict-DATE-TIME-MACHINE.EXT`, Syncthing's name),
/// as every engine keeps both. A file that grew by an append may first arrive cut short, as a
/// transfer cut mid-way leaves it in a synced folder. What the README says to leave out is left
/// out: `history/snapshot-*`, `waiters/` and the `.*.tmp` files of a write under way.
public struct SimulatedSync {
    /// The shared copy of every file.
    public private(set) var hub: PowerLossFileSystem.Image = [:]
    /// Each machine's files as it last exchanged them with the hub.
    private var known: [[String: [UInt8]]]
    private var conflicts = 0

    public init(machines: Int) {
        known = Array(repeating: [:], count: machines)
    }

    /// True for a file no engine should carry.
    public static func isIgnored(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return path.hasPrefix("history/snapshot-") || path.hasPrefix("waiters/") || file.hasPrefix(".")
    }

    /// Carries `machine`'s changed files to the hub: those `choose` picks (every one by default).
    public mutating func upload(_ machine: SimulatedMachine, index: Int, choose: (String) -> Bool = { _ in true }) {
        let files = machine.files
        var image = files
        var changed = false
        for path in Set(files.keys).union(known[index].keys).sorted() where !Self.isIgnored(path) && choose(path) {
            let current = files[path]
            let base = known[index][path]
            guard current != base else { continue }
            if hub[path] == base {
                hub[path] = current
            } else if let current {
                // Both changed it: the hub keeps its own, and the machine's is a conflict copy,
                // there and on the hub.
                conflicts += 1
                let copy = Self.conflictCopy(of: path, machine: machine.name, number: conflicts)
                hub[copy] = current
                image[copy] = current
                known[index][copy] = current
                changed = true
            }
            known[index][path] = current
        }
        if changed { machine.replaceFiles(with: image) }
    }

    /// Carries the hub's files to `machine`: those `choose` picks and the machine has not changed
    /// since it last exchanged them. With `tearing` true for a path, a file that grew by an append
    /// arrives cut short at `cut` (a fraction, 0 to 1, of what was appended).
    public mutating func download(
        _ machine: SimulatedMachine, index: Int, choose: (String) -> Bool = { _ in true },
        tear: (String) -> Double? = { _ in nil }
    ) {
        var image = machine.files
        var changed = false
        for path in Set(hub.keys).union(image.keys).sorted() where !Self.isIgnored(path) && choose(path) {
            let current = image[path]
            let shared = hub[path]
            guard current != shared, current == known[index][path] else { continue }
            var arriving = shared
            if let shared, let old = current, shared.count > old.count, shared.starts(with: old),
                let fraction = tear(path)
            {
                let appended = shared.count - old.count
                arriving = Array(shared.prefix(old.count + max(1, min(appended - 1, Int(Double(appended) * fraction)))))
            }
            image[path] = arriving
            known[index][path] = arriving
            changed = true
        }
        if changed { machine.replaceFiles(with: image) }
    }

    /// True when every machine holds what the hub holds, and has nothing left to send.
    public func isSettled(_ machines: [SimulatedMachine]) -> Bool {
        machines.enumerated().allSatisfy { index, machine in
            let files = machine.files.filter { !Self.isIgnored($0.key) }
            return files == hub.filter { !Self.isIgnored($0.key) } && files == known[index].compactMapValues { $0 }
        }
    }

    /// Exchanges until every file is everywhere, whole: each machine's changes up, then the hub's
    /// down to each, as often as needed.
    public mutating func settle(_ machines: [SimulatedMachine]) {
        for _ in 0..<4 where !isSettled(machines) {
            for (index, machine) in machines.enumerated() { upload(machine, index: index) }
            for (index, machine) in machines.enumerated() { download(machine, index: index) }
        }
    }

    /// `NAME.sync-conflict-20261128-093000-MACHINE.EXT` beside `path`, as Syncthing names a
    /// conflict copy (its date and time told apart by `number`).
    static func conflictCopy(of path: String, machine: String, number: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let file = path[slash...]
        let dot = file.lastIndex(of: ".") ?? file.endIndex
        let stem = path[..<dot]
        let ext = path[dot...]
        let seconds = 93000 + number
        return "\(stem).sync-conflict-20261128-\(String(seconds).suffix(6))-\(machine.uppercased())\(ext)"
    }
}
