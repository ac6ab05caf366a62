import StopwatchCore

extension MessageMapper {
    /// The keys a live view of one run lists, each with how long it stays when the window is
    /// narrow (higher stays longer): what the key line shows. A run has those of what it offers
    /// (`RunActions`), so the keys and the commands agree. What each key does is `TerminalInput`'s.
    /// The rank from which a key is one a person needs most: `q`, space, `n`, and `k`/`d` while
    /// away time waits for a decision.
    public static let vitalKeyRank = 70

    /// With `compact`, each in fewer words, for a narrow window: so that `n` (how a cycle waiting
    /// for a person goes on) keeps its place at 40 columns.
    public static func keys(_ actions: RunActions, compact: Bool = false) -> [(text: String, rank: Int)] {
        var keys = [(compact ? "space: go/pause" : "space: start/pause/resume", 80)]
        if actions.contains(.next) { keys.append((compact ? "n: next" : "n: next phase", 70)) }
        if actions.contains(.lap) { keys.append(("l: lap", 60)) }
        if actions.contains(.addTime) { keys.append((compact ? "+/-: 10 s" : "+/-: 10 s more/less", 40)) }
        // Offered only while away time waits for a decision, which a person then needs as `n`.
        if actions.contains(.decideAway) { keys.append((compact ? "k/d: away" : "k/d: keep/drop away", 70)) }
        keys += [("r: reset", 50), ("q: quit", 90)]
        return keys
    }

    /// The keys of the live table of every stopwatch.
    public static let tableKeys = [(text: "q: quit", rank: 90)]

    /// What the live table says with no stopwatch to show, longest first, for the width there is.
    public static let emptyTable = [
        "no stopwatches yet; one started in another shell shows here", "no stopwatches yet", "none yet",
    ]

    /// The live table's last row when `hidden` rows do not fit the window, longest first.
    public static func rowsHidden(_ hidden: Int) -> [String] {
        [
            "\(hidden) more row\(hidden == 1 ? "" : "s") hidden: the window is too small", "\(hidden) more hidden",
            "+\(hidden)",
        ]
    }

    /// The live table's event line, into a pipe, for a stopwatch deleted meanwhile.
    public static func deletedEvent(_ name: String) -> String {
        "\(name): deleted"
    }

    /// A desktop or terminal notification that a countdown expired: its summary and its body.
    public static func notification(for event: HookEvent) -> (summary: String, body: String) {
        switch event {
        case .zero(let name, let duration):
            (
                "stopwatch: '\(name)' is up",
                "the countdown of \(DurationTextMapper().viewState(duration).clock) has expired"
            )
        case .edge(let name, let edge, _):
            edgeNotification(edge, of: name.rawValue)
        }
    }

    /// What the away watcher's notification of a run's undecided away time says: the run, the
    /// time and its causes, how much of it is undecided where some was decided before, and the
    /// commands that decide, for a server that shows no buttons.
    public static func awayNotification(_ state: StopwatchViewState) -> (summary: String, body: String) {
        let causes = state.away.causes.map(\.rawValue).joined(separator: ", ")
        let form = CommandLineForm(command: .edit, positionals: [state.name])
        let part =
            state.away.undecided < state.away.time.microseconds ? ", \(state.away.undecidedTime.clock) undecided" : ""
        return (
            "stopwatch: '\(state.name)' was away \(state.away.time.clock) (\(causes))\(part)",
            "it counts until you decide: \(form.setting(.away, "keep").text) or \(form.setting(.away, "drop").text),"
                + " or book it as another run: \(form.setting(.awayAs, "lunch").text)"
        )
    }

    /// The buttons the away watcher's notification offers, each an action key (the policy it
    /// decides, or `awayBookKey`) and its words.
    public static let awayNotificationActions: [(key: String, label: String)] = [
        (AwayPolicy.keep.rawValue, "Keep"), (AwayPolicy.drop.rawValue, "Drop"), (awayBookKey, "Book as…"),
    ]

    /// The key of "Book as…", which books the last stretch as a run of `awayBookedName`.
    public static let awayBookKey = "book"

    /// The name "Book as…" books a stretch under, until the person renames it: a notification
    /// takes no words.
    public static let awayBookedName = StopwatchName("away")!

    /// What the notification after "Book as…" says: the run it became, and the command that
    /// names it as the person meant.
    public static func awayBookedNotification(_ run: RunViewState, from name: String) -> (summary: String, body: String)
    {
        let rename = CommandLineForm(command: .edit, positionals: [run.shortID]).setting(.name, "lunch")
        return (
            "stopwatch: '\(name)' away time booked as '\(run.name)' (\(run.elapsed.clock))",
            "\(rename.text) names it"
        )
    }

    /// What a notification of a cycle's edge says: `stopwatch: 'focus' work 1/4 ended` (by round,
    /// as the line numbers it), `break begins (05:00.00)`, or at the last edge, that the cycle has
    /// ended.
    public static func edgeNotification(_ edge: PhaseEdge, of name: String) -> (summary: String, body: String) {
        let number = PhaseViewState.position(number: edge.round, count: edge.rounds)
        if edge.isWarning {
            return (
                "stopwatch: '\(name)' \(edge.ended.label) \(number) ends soon",
                edge.begun.map { "\($0.label) next" } ?? "the cycle ends with it"
            )
        }
        let body =
            edge.begun.map { "\($0.label) begins (\(DurationTextMapper().clock($0.duration)))" }
            ?? "the cycle has ended"
        return ("stopwatch: '\(name)' \(edge.ended.label) \(number) ended", body)
    }

    /// The hint's words, as the live line shows them.
    public func line(for hint: LiveHint) -> String {
        switch hint {
        case .confirmReset: "press r again to reset"
        case .awayNotAsked: "k and d decide away time not yet decided, of a run started --away ask"
        }
    }

    /// What the live line says when a key does not apply now: shorter than `message(for:)`, and
    /// in terms of the keys.
    public func hint(for error: StopwatchError) -> String {
        // The view shows a stopwatch never created as initial; only space creates it.
        if case .noSuchStopwatch = error { return "not started: space starts it" }
        guard case .notApplicable(let operation, let state, let now) = error else { return "not now" }
        return switch (operation, state.refusal(of: operation, at: now)) {
        case (.lap, .paused): "paused: space resumes, then l laps"
        case (.lap, _): "not started: space starts it"
        case (.addTime, .lastPhaseEnded): "its last phase has ended: r resets it"
        case (.addTime, _): "+ and - change countdowns and cycles only"
        default: "does not apply while \(StopwatchLineComposer.statusWord(mapper.viewState(state, at: now)))"
        }
    }
}
