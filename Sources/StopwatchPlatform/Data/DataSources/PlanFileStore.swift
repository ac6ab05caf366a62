import StopwatchCore

/// Saved cycle plans (`cycle --save NAME`, `cycle --plan NAME`): `plans/NAME.plan` in the state
/// directory, each the words `cycle` takes for its phases and their options, as a person writes
/// them on a command line, with `#` comments; docs/state-format.md describes it.
///
/// Read and written as the state is: through `StateDirectory`, so a symbolic link is refused and
/// never followed, and a plan is replaced whole (a temporary file renamed over it, synced) or not
/// at all. A plan `cycle` refuses is reported with its path and never rewritten.
public struct PlanFileStore: PlanStore {
    /// The state directory; the plans are in its `plans` directory.
    public let stateDirectory: String
    private let fileSystem: any FileSystem
    static let suffix = ".plan"
    static let sizeLimit: Int64 = 64 * 1024

    public init(stateDirectory: String, fileSystem: any FileSystem = SystemFileSystem()) {
        self.stateDirectory = stateDirectory
        self.fileSystem = fileSystem
    }

    var directoryPath: String { stateDirectory + "/plans" }

    /// The path of plan `name`'s file.
    public func location(of name: StopwatchName) -> String {
        directoryPath + "/" + name.rawValue + Self.suffix
    }

    /// Plan `name`'s text, or nil when there is none.
    public func load(_ name: StopwatchName) throws -> String? {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem),
            let bytes = try directory.read(name.rawValue + Self.suffix, limit: Self.sizeLimit)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The saved plans' names, sorted.
    public func names() throws -> [StopwatchName] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else { return [] }
        return try directory.fileNames().compactMap { file in
            file.hasSuffix(Self.suffix) ? StopwatchName(String(file.dropLast(Self.suffix.count))) : nil
        }.sorted()
    }

    /// Saves `text` as plan `name`, replacing one saved before.
    public func save(_ name: StopwatchName, text: String) throws {
        let directory = try StateDirectory.create(directoryPath, lock: .exclusive, on: fileSystem)
        try directory.replace(name.rawValue + Self.suffix, with: Array(text.utf8))
    }

    /// The words of a plan's text, read as a shell reads them: blank space between them, a
    /// comment from `#` at a word's start to the end of its line, `'…'` quoting everything
    /// within (a command for `--exec` with its spaces), `\` the character after it.
    public static func words(of text: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        var escaped = false
        var comment = false
        for character in text {
            if comment {
                if character == "\n" { comment = false }
                continue
            }
            if escaped {
                word = (word ?? "") + String(character)
                escaped = false
            } else if quoted {
                if character == "'" { quoted = false } else { word = (word ?? "") + String(character) }
            } else if character == "'" {
                quoted = true
                word = word ?? ""
            } else if character == "\\" {
                escaped = true
            } else if character == " " || character == "\t" || character == "\r" || character == "\n" {
                if let done = word { words.append(done) }
                word = nil
            } else if character == "#", word == nil {
                comment = true
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    /// `words` as a plan's text reads them back (`words(of:)`): each quoted that needs it, as a
    /// shell would take it too.
    public static func text(of words: [String]) -> String {
        words.map { word in
            let plain = !word.isEmpty && word.allSatisfy { !" \t\r\n#'\"\\$`;&|<>(){}*?[]~".contains($0) }
            return plain
                ? word
                : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
