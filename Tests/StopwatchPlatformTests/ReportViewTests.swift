@testable import StopwatchPlatform
import Testing

/// `report`'s table.
@Suite struct ReportViewTests {
    @Test func aReportOfOneGroupStillShowsTheGroupAndThenTheTotal() {
        let time = DurationTextMapper().viewState(.seconds(90))
        let row = ReportViewState.Row(keys: [""], elapsed: time, hours: "0.02", runs: 1)
        let state = ReportViewState(grouping: ["tags"], rows: [row], total: ReportViewState.Row(keys: [""], elapsed: time, hours: "0.02", runs: 1), damaged: [])
        let lines = ReportView.text(state, format: .table).split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) }
        #expect(lines == ["TAGS", "-", "total"])
    }
}
