import Foundation
import StopwatchCore
import StopwatchPlatform

extension ImportedRun {
    /// A run as `history --json` lists it.
    init(historyRun run: [String: Any]) {
        self.init(
            name: run["name"] as? String ?? "", tags: run["tags"] as? [String] ?? [],
            start: ImportedRun.microseconds(iso: run["start"] as? String ?? "") ?? 0,
            end: ImportedRun.microseconds(iso: run["end"] as? String ?? "") ?? 0
        )
    }

    /// The run with its times truncated to whole seconds, as Timewarrior and Watson keep them.
    var inSeconds: ImportedRun {
        ImportedRun(name: name, tags: tags, start: start / 1_000_000 * 1_000_000, end: end / 1_000_000 * 1_000_000)
    }

    /// The run with its times in whole seconds, as Timewarrior and Watson keep them.
    var seconds: String {
        "\(name) [\(tags.joined(separator: ","))] \(start / 1_000_000)-\(end / 1_000_000)"
    }
}
