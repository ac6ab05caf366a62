extension StopwatchName {
    /// `text` as NAME or NAME@MACHINE: a stopwatch's name, and the machine that keeps it when
    /// one is named (as `list` shows another machine's, `work @desktop`); nil when the name breaks
    /// its rules or the machine is empty or holds a control character. A name never holds `@`, so
    /// the first one parts them.
    public static func onMachine(_ text: String) -> (name: StopwatchName, machine: String?)? {
        guard let at = text.firstIndex(of: "@") else { return StopwatchName(text).map { ($0, nil) } }
        let machine = String(text[text.index(after: at)...])
        guard let name = StopwatchName(String(text[..<at])), !machine.isEmpty,
            !machine.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return (name, machine)
    }
}
