/// The candidate nearest a mistyped word, for a "did you mean" hint.
public enum ClosestMatch {
    /// The candidate fewest edits away from `word` (insertions, deletions, substitutions and swaps
    /// of neighbours, ignoring case), if it is close enough to be what was meant: one edit for a
    /// word of up to three characters, two up to six, three beyond. Ties go to the earlier candidate;
    /// `word` itself is never suggested.
    /// A word that begins one candidate alone (`hist` of `history`, `--wait` of `--wait-before`)
    /// is that candidate, however far.
    public static func to(_ word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        if lowered.count >= 2 {
            let beginning = candidates.filter { $0 != word && $0.lowercased().hasPrefix(lowered) }
            if beginning.count == 1 { return beginning[0] }
        }
        let typed = Array(lowered.unicodeScalars)
        let limit = min(3, (typed.count + 2) / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between `a` and `b`, or more than `limit` when it is.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
