extension LapsView.Format: DeclaredChoice {
    public var help: String {
        switch self {
        case .table, .tableWithBars: "a table, with a bar for each lap on a terminal, then the statistics (the default)"
        case .csv: "CSV: number,lap_ms,total_ms,label,best,worst,recorded_at"
        case .json: "one JSON object with the laps and their statistics"
        }
    }
}
