/// "Did you mean": the known name nearest to a misspelled one, for configuration keys, rule ids
/// in suppression comments, `--only-rule` and `--explain`.
public enum Spelling {
    /// The known name at the smallest edit distance from `word` (at most 3, and less than the
    /// word's length, so a short unrelated word suggests nothing); ties go to the first name in
    /// alphabetical order.
    public static func nearest(_ word: String, in names: some Sequence<String>) -> String? {
        let w = Array(word)
        var best: (name: String, distance: Int)? = nil
        for name in names {
            let d = distance(w, Array(name))
            if let b = best, d > b.distance || (d == b.distance && name >= b.name) { continue }
            best = (name, d)
        }
        guard let best, best.distance <= 3, best.distance < w.count else { return nil }
        return best.name
    }

    /// " (did you mean 'x'?)", or "" when nothing is near.
    public static func hint(_ word: String, in names: some Sequence<String>) -> String {
        nearest(word, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance, two rows.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var prev = Array(0...b.count)
        var cur = prev
        for (i, ca) in a.enumerated() {
            cur[0] = i + 1
            for (j, cb) in b.enumerated() {
                cur[j + 1] = min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (ca == cb ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
