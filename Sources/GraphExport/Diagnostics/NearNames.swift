/// What to tell a user who typed a name a store does not have (an entity, an attribute, a
/// relationship): the names they may have meant, and what there is.
///
/// A name in another case is the one meant (`icnote` → `ICNote`); else the names a few edits
/// away (ignoring case; a swap of two neighbours is one edit), nearest first; else the names that
/// contain it or that it contains. The list of what there is shows at most ``listLimit`` names
/// and counts the rest, so the message stays one readable line.
package enum NearNames {
    /// The most names the list of what there is shows.
    package static let listLimit = 12
    /// The most names suggested.
    private static let suggestionLimit = 3

    /// The names of `candidates` that `name` may have meant, best first.
    package static func suggestions(for name: String, among candidates: [String]) -> [String] {
        let folded = name.lowercased()
        let sameName = candidates.filter { $0.lowercased() == folded }
        if !sameName.isEmpty { return sameName }
        let typed = Array(folded.unicodeScalars)
        let allowed = typed.count <= 3 ? 1 : typed.count <= 6 ? 2 : 3
        let near = candidates.map { ($0, distance(typed, Array($0.lowercased().unicodeScalars))) }
            .filter { $0.1 <= allowed }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
        if !near.isEmpty { return Array(near.prefix(suggestionLimit)) }
        guard folded.count >= 3 else { return [] }
        let containing = candidates.filter {
            let candidate = $0.lowercased()
            return candidate.contains(folded) || (candidate.count >= 3 && folded.contains(candidate))
        }
        return Array(containing.prefix(suggestionLimit))
    }

    /// The end of the message that says `name` is not there: `; did you mean 'ICNote'?
    /// (entities: ICAccount, ICFolder, …, and 6 more)`; `kind` names the candidates (`entities`).
    package static func hint(for name: String, among candidates: [String], kind: String) -> String {
        let suggested = suggestions(for: name, among: candidates)
        var text = ""
        if !suggested.isEmpty {
            text += "; did you mean " + suggested.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        guard !candidates.isEmpty else { return text + " (there are no \(kind))" }
        let shown = candidates.prefix(listLimit).joined(separator: ", ")
        let more = candidates.count > listLimit ? ", and \(candidates.count - listLimit) more" : ""
        return text + " (\(kind): \(shown)\(more))"
    }

    /// The optimal string alignment distance of `first` and `second`: the fewest insertions,
    /// deletions, substitutions and swaps of neighbours that make one the other.
    private static func distance(_ first: [Unicode.Scalar], _ second: [Unicode.Scalar]) -> Int {
        guard !first.isEmpty else { return second.count }
        guard !second.isEmpty else { return first.count }
        var previousRow: [Int] = []
        var row = Array(0...second.count)
        for i in 1...first.count {
            let beforeRow = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: second.count)
            for j in 1...second.count {
                let cost = first[i - 1] == second[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, first[i - 1] == second[j - 2], first[i - 2] == second[j - 1] {
                    row[j] = min(row[j], beforeRow[j - 2] + 1)
                }
            }
        }
        return row[second.count]
    }
}
