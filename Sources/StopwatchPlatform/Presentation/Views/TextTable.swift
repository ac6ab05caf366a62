/// A view component: left- or right-aligned columns separated by two spaces, trailing blanks
/// trimmed; given a width, columns are left out, least important first, until every line fits, and
/// no cell is ever cut. A table may give its own `steps` instead: besides leaving a column out, a
/// step may put a column's compact cells in place (a status column that leaves the usual status
/// blank) or shorten a column (a name) as far as a minimum width, its longer cells cut with `…`.
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

    /// One way to make the table narrower, tried in order until it fits.
    enum Step {
        case leaveOut(Int)
        /// The column's cells as `compact` holds them, row by row (the header included).
        case compact(Int)
        /// The column cut as far as needed, down to `minimum` characters, `…` included.
        case shorten(Int, minimum: Int)
    }

    var columns: [Column]
    var rows: [[String]] = []
    /// The narrower cells of a column, row by row, for a `.compact` step.
    var compact: [Int: [String]] = [:]
    /// How the table narrows; nil for leaving columns out by priority, lowest first.
    var steps: [Step]?

    init(columns: [Column]) {
        self.columns = columns
    }

    init(alignments: [Alignment]) {
        columns = alignments.map { Column($0) }
    }

    /// Every line, each ending in a newline, with every column.
    var text: String {
        text(fittingIn: nil)
    }

    /// The lines of `lines(fittingIn:)` as one text, each ending in a newline: built in place, as
    /// `laps` prints a hundred thousand rows.
    func text(fittingIn width: Int?) -> String {
        let (table, kept, cellWidths) = fitted(in: width)
        let layout = table.layout(keeping: kept, cellWidths)
        var text: [UInt8] = []
        text.reserveCapacity(table.rows.count * (layout.widths.reduce(0, +) + 2 * layout.shown.count + 1))
        for row in table.rows.indices {
            _ = table.append(row, layout, cellWidths, locating: nil, to: &text)
            text.append(UInt8(ascii: "\n"))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lines, with the columns that fit in `width` (all of them when nil).
    ///
    /// Which columns fit is worked out from the cells' widths, each counted once, and the lines
    /// are built once: `watch --all` lays its table out every 10 ms.
    func lines(fittingIn width: Int?) -> [String] {
        lines(fittingIn: width, locating: nil).lines
    }

    /// `lines(fittingIn:)`, and where the cell of column `located` starts in each line, in UTF-8
    /// bytes (nil where that cell is empty or its column was left out).
    func lines(fittingIn width: Int?, locating located: Int?) -> (lines: [String], offsets: [Int?]) {
        let (table, kept, cellWidths) = fitted(in: width)
        let layout = table.layout(keeping: kept, cellWidths)
        var offsets = [Int?](repeating: nil, count: table.rows.count)
        let lines = table.rows.indices.map { row in
            var line = ""
            offsets[row] = table.append(row, layout, cellWidths, locating: located, to: &line)
            return line
        }
        return (lines, offsets)
    }

    /// The table as it fits in `width` (as it is when nil), the columns it keeps and its cells' widths.
    private func fitted(in width: Int?) -> (table: TextTable, kept: [Int], cellWidths: [[Int]]) {
        var table = self
        var cellWidths = self.cellWidths
        var kept = Array(columns.indices)
        var shortened: [(column: Int, minimum: Int)] = []
        if let width {
            let byPriority = columns.indices.filter { columns[$0].priority < .max }.sorted {
                columns[$0].priority < columns[$1].priority
            }
            for step in steps ?? byPriority.map(Step.leaveOut) where table.widest(keeping: kept, cellWidths) > width {
                switch step {
                case .leaveOut(let column):
                    kept.removeAll { $0 == column }
                case .compact(let column):
                    guard let cells = compact[column] else { continue }
                    for row in table.rows.indices where column < table.rows[row].count && row < cells.count {
                        table.rows[row][column] = cells[row]
                    }
                    cellWidths = table.cellWidths
                case .shorten(let column, let minimum):
                    let overflow = table.widest(keeping: kept, cellWidths) - width
                    let room = max(minimum, table.columnWidths(keeping: kept, cellWidths)[column] - overflow)
                    table.cut(column, to: room)
                    cellWidths = table.cellWidths
                    shortened.append((column, minimum))
                }
            }
            // A column shortened before a later step left another out gets back what now fits:
            // `charlie` stays whole once STATUS has gone, rather than `cha…`.
            for (column, minimum) in shortened.reversed() where kept.contains(column) {
                var grown = table
                for row in grown.rows.indices where column < grown.rows[row].count && column < rows[row].count {
                    grown.rows[row][column] = rows[row][column]
                }
                var grownWidths = grown.cellWidths
                let overflow = grown.widest(keeping: kept, grownWidths) - width
                if overflow > 0 {
                    grown.cut(
                        column, to: max(minimum, grown.columnWidths(keeping: kept, grownWidths)[column] - overflow))
                    grownWidths = grown.cellWidths
                }
                if grown.widest(keeping: kept, grownWidths) <= width {
                    (table, cellWidths) = (grown, grownWidths)
                }
            }
        }
        return (table, kept, cellWidths)
    }

    /// Cuts the cells of `column` longer than `width` to it, the last character a `…`.
    private mutating func cut(_ column: Int, to width: Int) {
        for row in rows.indices where column < rows[row].count && rows[row][column].count > width {
            rows[row][column] = String(rows[row][column].prefix(max(0, width - 1))) + "…"
        }
    }

    /// The widest line's width with every column.
    var width: Int {
        widest(keeping: Array(columns.indices), cellWidths)
    }

    /// Each cell's width in characters, row by row.
    private var cellWidths: [[Int]] {
        rows.map { $0.map(Self.width) }
    }

    /// A cell's width in characters: its UTF-8 length when it is ASCII, without counting
    /// characters one by one (most cells are figures).
    private static func width(_ cell: String) -> Int {
        let ascii = cell.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.count : nil
        }
        return (ascii ?? nil) ?? cell.count
    }

    /// Each kept column's width: its widest cell (0 for a column left out).
    private func columnWidths(keeping kept: [Int], _ cellWidths: [[Int]]) -> [Int] {
        var widths = [Int](repeating: 0, count: columns.count)
        for row in cellWidths {
            for column in kept where column < row.count { widths[column] = max(widths[column], row[column]) }
        }
        return widths
    }

    /// The widest line's width with the `kept` columns, trailing blanks not counted.
    private func widest(keeping kept: [Int], _ cellWidths: [[Int]]) -> Int {
        let widths = columnWidths(keeping: kept, cellWidths)
        // A column empty in every row takes no room.
        let shown = kept.filter { widths[$0] > 0 }
        var widest = 0
        for row in cellWidths {
            var position = 0
            var end = 0
            for (index, column) in shown.enumerated() {
                if index > 0 { position += 2 }
                let cell = column < row.count ? row[column] : 0
                if cell > 0 { end = position + (columns[column].alignment == .left ? cell : widths[column]) }
                position += widths[column]
            }
            widest = max(widest, end)
        }
        return widest
    }

    /// The columns shown (kept, and not empty in every row) and each column's width.
    private struct Layout {
        var shown: [Int]
        var widths: [Int]
    }

    private func layout(keeping kept: [Int], _ cellWidths: [[Int]]) -> Layout {
        let widths = columnWidths(keeping: kept, cellWidths)
        return Layout(shown: kept.filter { widths[$0] > 0 }, widths: widths)
    }

    /// Appends the line of `row` to `text`, its trailing blanks left out; returns where the cell
    /// of column `located` starts in `text`, in UTF-8 bytes (nil where it is empty or left out).
    /// Into a string for a line a live view lays out each tick; into bytes for a whole table,
    /// where appending to a string a cell at a time was most of what `laps` cost.
    private func append<Text: TableText>(
        _ row: Int, _ layout: Layout, _ cellWidths: [[Int]], locating located: Int?, to text: inout Text
    ) -> Int? {
        var offset: Int?
        // Blanks owed before the next cell with text: none are written after the last.
        var owed = 0
        for (index, column) in layout.shown.enumerated() {
            if index > 0 { owed += 2 }
            guard column < rows[row].count, cellWidths[row][column] > 0 else {
                owed += layout.widths[column]
                continue
            }
            let padding = layout.widths[column] - cellWidths[row][column]
            if columns[column].alignment == .right { owed += padding }
            if owed > 0 { text.appendBlanks(owed) }
            if column == located { offset = text.utf8Count }
            text.append(rows[row][column])
            owed = columns[column].alignment == .left ? padding : 0
        }
        return offset
    }
}

/// What `TextTable` writes a line into: a string, or UTF-8 bytes.
private protocol TableText {
    var utf8Count: Int { get }
    mutating func appendBlanks(_ count: Int)
    mutating func append(_ cell: String)
}

extension String: TableText {
    fileprivate var utf8Count: Int { utf8.count }
    fileprivate mutating func appendBlanks(_ count: Int) { self += String(repeating: " ", count: count) }
}

extension Array: TableText where Element == UInt8 {
    fileprivate var utf8Count: Int { count }
    fileprivate mutating func appendBlanks(_ count: Int) {
        append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
    fileprivate mutating func append(_ cell: String) {
        var cell = cell
        cell.withUTF8 { append(contentsOf: $0) }
    }
}
