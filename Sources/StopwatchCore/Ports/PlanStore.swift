/// The port for saved cycle plans (`cycle --save NAME`, `cycle --plan NAME`): each a text, the
/// words `cycle` takes for its phases and options, kept by name with the state so that every
/// machine sharing it reads the same.
public protocol PlanStore: Sendable {
    /// Plan `name`'s text, or nil when none is saved by that name.
    func load(_ name: StopwatchName) throws -> String?
    /// The saved plans' names, sorted.
    func names() throws -> [StopwatchName]
    /// Saves `text` as plan `name`, whole or not at all, replacing one saved before.
    func save(_ name: StopwatchName, text: String) throws
    /// Where plan `name` is kept, as a person would look for it (a file's path): what a message
    /// about a plan that cannot be read names.
    func location(of name: StopwatchName) -> String
}
