extension Lap {
    /// The longest label a lap may carry, in characters.
    public static let maximumLabelLength = 256

    /// Why `label` cannot label a lap, or nil when it can: 1 to 256 characters and no control
    /// characters (`Unicode.Scalar.isControlCharacter`), so a lap line is always one line of plain
    /// text. The command line and the state files hold labels to this same rule.
    public static func problem(withLabel label: String) -> LabelProblem? {
        if label.isEmpty { return .empty }
        if label.count > maximumLabelLength { return .tooLong }
        if label.unicodeScalars.contains(where: \.isControlCharacter) { return .controlCharacter }
        return nil
    }
}
