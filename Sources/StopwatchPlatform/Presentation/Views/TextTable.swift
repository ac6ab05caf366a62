/// A view component: left- or right-aligned columns separated by two spaces, trailing blanks
/// trimmed; given a width, whole columns are left out, least important first, until every line
/// fits, and no cell is ever cut.
struct TextTable {
    enum Alignment {
        case left
        case right
    }

    struct Column {
        var alignment: Alignment
        /// Higher stays longer; a column of `Int.max` is never left out.
        var priority: Int

        init(_ alignment: Alignment, priority: Int = .max) {
            self.alignment = alignment
            self.priority = priority
        }
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(columns: [Column]) {
        self.columns = columns
    }

    init(alignments: [Alignment]) {
        columns = alignments.map { Column($0) }
    }

    var text: String {
        lines(keeping: Array(columns.indices)).map { $0 + "\n" }.joined()
    }

    /// The lines, with the columns that fit in `width` (all of them when nil).
    func lines(fittingIn width: Int?) -> [String] {
        var kept = Array(columns.indices)
        var lines = lines(keeping: kept)
        guard let width else { return lines }
        let order = columns.indices.filter { columns[$0].priority < .max }.sorted { columns[$0].priority < columns[$1].priority }
        for column in order where lines.contains(where: { $0.count > width }) {
            kept.removeAll { $0 == column }
            lines = self.lines(keeping: kept)
        }
        return lines
    }

    /// The widest line's width with every column.
    var width: Int {
        lines(keeping: Array(columns.indices)).map(\.count).max() ?? 0
    }

    private func lines(keeping kept: [Int]) -> [String] {
        var widths = [Int](repeating: 0, count: columns.count)
        for row in rows {
            for column in kept where column < row.count { widths[column] = max(widths[column], row[column].count) }
        }
        // A column empty in every row takes no room.
        let shown = kept.filter { widths[$0] > 0 }
        return rows.map { row in
            var line = ""
            for (index, column) in shown.enumerated() {
                let cell = column < row.count ? row[column] : ""
                if index > 0 { line += "  " }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                line += columns[column].alignment == .left ? cell + padding : padding + cell
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
