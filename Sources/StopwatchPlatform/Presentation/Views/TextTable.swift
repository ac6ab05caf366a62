/// A view component: left- or right-aligned columns separated by two spaces, trailing blanks trimmed.
struct TextTable {
    enum Alignment {
        case left
        case right
    }

    var alignments: [Alignment]
    var rows: [[String]] = []

    var text: String {
        var widths = [Int](repeating: 0, count: alignments.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                line += alignments[column] == .left ? cell + padding : padding + cell
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
