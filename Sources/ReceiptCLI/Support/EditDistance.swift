/// Levenshtein distance, for "Did you mean ..." on a mistyped subcommand.
enum EditDistance {
    /// The name closest to `word`, when it is close enough to be what was meant: at most two edits, and fewer
    /// than half the word's length (so `x` suggests nothing).
    static func nearest(to word: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: distance(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= 2 && best.distance * 2 < max(word.count, 1) ? best.name : nil
    }

    /// Insertions, deletions and substitutions of characters that turn `a` into `b`; two rows of the table only.
    static func distance(_ a: String, _ b: String) -> Int {
        let source = Array(a)
        let target = Array(b)
        guard !source.isEmpty else { return target.count }
        var previous = Array(0...target.count)
        var current = previous
        for (i, character) in source.enumerated() {
            current[0] = i + 1
            for (j, other) in target.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (character == other ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
