extension [String] {
    /// The strings with `separator` between them, as `joined(separator:)` gives them, in a loop
    /// over this one type: the standard library's, generic over the collection, asks the runtime
    /// for its associated types the first time it runs, a cost every correction paid.
    func joined(with separator: String) -> String {
        var text = ""
        for (index, string) in enumerated() {
            if index > 0 { text += separator }
            text += string
        }
        return text
    }
}
