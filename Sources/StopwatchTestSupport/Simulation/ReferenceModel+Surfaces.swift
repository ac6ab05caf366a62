import Foundation

/// The surfaces that must say what another says, read at the same moment (a machine's clock
/// stands still between two commands): `status NAME --json` what `list --json` says of `NAME`,
/// a bar what `status NAME --json` says (`checkBar`), and `history --csv` what `history --json`
/// says.
extension ReferenceModel {
    /// `status NAME --json` against the entry of `list --json` for each of `listed`: the same
    /// object, field for field; another machine's, listed beside this one's, as `NAME@MACHINE`.
    /// A read writes nothing, so running it changes no later step.
    func checkStatus(_ machine: SimulatedMachine, listed: [[String: Any]]) -> Result<Void, ModelMismatch> {
        for timer in listed {
            guard var name = timer["name"] as? String else { continue }
            if let runsOn = timer["machine"] as? String { name += "@" + runsOn }
            let outcome = machine.run(["status", name, "--json"])
            guard let status = try? JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
            else {
                return .failure(
                    ModelMismatch("\(machine.name): 'status \(name) --json' is no object (exit \(outcome.status))"))
            }
            func canonical(_ object: [String: Any]) -> Data? {
                try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            }
            guard canonical(status) == canonical(timer) else {
                let keys = Set(status.keys).union(timer.keys).sorted().filter {
                    "\(status[$0] ?? "nothing")" != "\(timer[$0] ?? "nothing")"
                }
                return .failure(
                    ModelMismatch(
                        "\(machine.name): 'status \(name) --json' differs from 'list --json': "
                            + keys.map { "\($0): \(status[$0] ?? "nothing") against \(timer[$0] ?? "nothing")" }
                            .joined(separator: ", ")
                    ))
            }
            if case .failure(let mismatch) = checkBar(machine, name, json: status) { return .failure(mismatch) }
        }
        return .success(())
    }

    /// `history --csv` against `history --json`: the same runs, with the same times and laps.
    func checkHistoryCSV(_ machine: SimulatedMachine, runs: [[String: Any]]) -> Result<Void, ModelMismatch> {
        let rows = Self.csvRows(machine.run(["history", "--csv"]).output)
        guard let header = rows.first else {
            return runs.isEmpty ? .success(()) : .failure(ModelMismatch("\(machine.name): 'history --csv' is empty"))
        }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let id = column("id"), let elapsed = column("elapsed_ms"), let laps = column("laps"),
            let status = column("status")
        else { return .failure(ModelMismatch("\(machine.name): 'history --csv' has no header: \(header)")) }
        let csv = rows.dropFirst().map { "\($0[id]) \($0[elapsed]) ms \($0[laps]) laps \($0[status])" }.sorted()
        let json = runs.map { run in
            "\(run["id"] ?? "?") \(run["elapsedMilliseconds"] ?? "?") ms \(run["laps"] ?? "?") laps \(run["status"] ?? "?")"
        }.sorted()
        guard csv == json else {
            return .failure(
                ModelMismatch(
                    "\(machine.name): 'history --csv' differs from 'history --json':\ncsv: \(csv.filter { !json.contains($0) })\njson: \(json.filter { !csv.contains($0) })"
                ))
        }
        return .success(())
    }

    /// The rows of CSV text as RFC 4180 writes them: a field in quotes may hold commas, newlines
    /// and doubled quotes.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
