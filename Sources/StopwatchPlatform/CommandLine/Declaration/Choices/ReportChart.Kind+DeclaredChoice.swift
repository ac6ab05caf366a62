extension ReportChart.Kind: DeclaredChoice {
    public var help: String {
        switch self {
        case .bars: "a bar a row, scaled so the longest fits the width"
        case .calendar: "the days as a heat map, a week a column, with the current streak"
        case .timeline: "a row a day on an hour axis, the runs marked (the last 7 days unless --since)"
        }
    }
}
