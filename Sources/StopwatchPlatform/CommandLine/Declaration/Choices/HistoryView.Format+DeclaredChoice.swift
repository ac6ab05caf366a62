extension HistoryView.Format: DeclaredChoice {
    public var help: String {
        switch self {
        case .table: "a table of local start, end, time, name, plan, laps and status (the default)"
        case .csv: "CSV, a run a line, its times with their UTC offsets"
        case .json: "one JSON object with the runs, as docs/json-format.md describes"
        case .timew:
            "as 'timew export' prints intervals, oldest first, the name the first tag: 'stopwatch import' reads it back"
        case .timewTrack:
            "'timew track' commands, oldest first: '| sh' moves history into a Timewarrior without 'import' (Debian's 1.4)"
        case .ical: "iCalendar (RFC 5545), an event a run that ended, for a calendar"
        case .names: "the runs' names alone, each once, sorted (for shell completion)"
        case .ids: "each run's id, a tab, then its name, start and time, newest first (for shell completion)"
        }
    }
}
