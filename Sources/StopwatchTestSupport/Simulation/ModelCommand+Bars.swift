import Foundation

/// A bar's click (`toggle --shown`): the one the bars show, this machine's or another's.
extension ModelCommand {
    /// `toggle --shown`: a bar's click on the one the bars show, the most pressing (an expired
    /// countdown or a cycle waiting for `next`, else the countdown nearest zero, else a running
    /// stopwatch, else a paused one): it dismisses an expired one, begins the phase a cycle waits
    /// for, and toggles any other.
    mutating func toggleShown() -> ReferenceModel.Expectation {
        if foreignShownAny {
            // Another machine's is ranked by what this machine reads of it: the listing's figures.
            guard let top = shownInListing() else { return .init(statuses: [1], why: "nothing is shown") }
            if top.foreign {
                return .init(statuses: [1], why: "a bar's click on another machine's '\(top.name)': changed there")
            }
        }
        func rank(_ stopwatch: ModelStopwatch) -> (Int, Int64, String) {
            let token = stopwatch.token(at: now)
            if token == "expired" || token == "waiting" { return (0, 0, stopwatch.name) }
            let left = stopwatch.end(at: now).map { max(0, $0 - stopwatch.elapsed(at: now)) }
            switch (stopwatch.status, left) {
            case (.running, let left?): return (1, left, stopwatch.name)
            case (.running, nil): return (2, 0, stopwatch.name)
            case (.paused, let left?): return (3, left, stopwatch.name)
            default: return (4, 0, stopwatch.name)
            }
        }
        let shown = model.stopwatches.values.filter { $0.owner == index && $0.status != .initial }.min {
            rank($0) < rank($1)
        }
        if foreignShownAny, let top = shownInListing(), shown?.name != top.name {
            return .init(
                statuses: [70], why: "the listing shows '\(top.name)' first, the model '\(shown?.name ?? "none")'")
        }
        guard let shown else { return .init(statuses: [1], why: "nothing is shown") }
        var click = line
        click.flags = []
        click.positionals = [shown.name]
        switch shown.token(at: now) {
        case "expired": click.command = "dismiss"
        case "waiting": click.command = "next"
        default: click.command = "toggle"
        }
        var inner = ModelCommand(
            model: model, index: index, now: now, line: click, outcome: outcome, simulation: simulation, before: before,
            filesBefore: filesBefore)
        let expectation = inner.change()
        commits = inner.commits
        entry = inner.entry
        return .init(
            statuses: expectation.statuses,
            why: "a bar's click on '\(shown.name)', \(shown.token(at: now)): \(click.command) (\(expectation.why))")
    }

    /// The one `list` shows first by the bars' rule (`StopwatchViewState.mostPressing`), as this
    /// machine listed them before the command, and whether it is another machine's.
    func shownInListing() -> (name: String, foreign: Bool)? {
        guard let object = simulation.json(before.stopwatches), let timers = object["timers"] as? [[String: Any]] else {
            return nil
        }
        func rank(_ timer: [String: Any]) -> (Int, Int, String) {
            let left = timer["remainingMicroseconds"] as? Int
            let name = timer["name"] as? String ?? ""
            switch (timer["status"] as? String ?? "", left) {
            case ("expired", _), ("waiting", _): return (0, 0, name)
            case ("running", let left?): return (1, left, name)
            case ("running", nil): return (2, 0, name)
            case ("paused", let left?): return (3, left, name)
            default: return (4, 0, name)
            }
        }
        return timers.filter { ($0["status"] as? String) != "initial" }.min { rank($0) < rank($1) }.map {
            ($0["name"] as? String ?? "", $0["machine"] is String)
        }
    }

    /// Where another machine's stopwatch comes among the journals of its name: by its machine's id.
    func journalOrder(_ stopwatch: ModelStopwatch) -> String {
        ReferenceModel.machineID(model.machineNames[stopwatch.owner])
    }

    /// Whether this machine lists another machine's stopwatch in use.
    var foreignShownAny: Bool {
        guard let object = simulation.json(before.stopwatches), let timers = object["timers"] as? [[String: Any]] else {
            return false
        }
        return timers.contains { $0["machine"] is String && ($0["status"] as? String) != "initial" }
    }
}
