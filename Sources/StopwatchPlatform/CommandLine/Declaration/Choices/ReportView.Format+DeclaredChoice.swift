extension ReportView.Format: DeclaredChoice {
    public var help: String {
        switch self {
        case .table: "a table of the groups, their time and runs, then the total (the default)"
        case .csv: "CSV: the groups, then elapsed_ms,elapsed,hours,runs,completed"
        case .json: "one JSON object with the rows and the total"
        }
    }
}
