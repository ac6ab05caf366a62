/// Every option of the command line, by its long spelling: the key the declaration, the parser
/// and the suggestions read options by, so none is spelled twice.
public enum OptionName: String, Sendable, Hashable, CaseIterable {
    case add = "--add"
    case all = "--all"
    case countdowns = "--countdowns"
    case csv = "--csv"
    case exec = "--exec"
    case expired = "--expired"
    case force = "--force"
    case format = "--format"
    case help = "--help"
    case json = "--json"
    case label = "--label"
    case names = "--names"
    case notify = "--notify"
    case output = "--output"
    case quiet = "--quiet"
    case since = "--since"
    case summary = "--summary"
    case until = "--until"
    case version = "--version"
    case watch = "--watch"
}
