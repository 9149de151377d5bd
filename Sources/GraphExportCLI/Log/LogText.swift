import GraphExport
import GraphExportCoreData

/// The text `graphexport log` prints: a header naming the store and its history token, then one
/// paragraph per transaction. Every text the store holds is shown as ``TerminalText/escaped(_:)``
/// writes it, so that a transaction's author or an entity's name cannot act on the terminal.
enum LogText {
    /// The lines about the whole history.
    static func header(_ history: PersistentHistory) -> String {
        let token = history.token
        let kept =
            history.oldestKept > token.transaction
            ? "none kept" : "\(history.oldestKept)–\(token.transaction) kept"
        return "Persistent history of \(TerminalText.escaped(history.document.source ?? ""))\n"
            + "  store UUID     \(TerminalText.escaped(token.storeUUID))\n"
            + "  history token  \(TerminalText.escaped(token.description))\n"
            + "  transactions   \(kept)\n"
    }

    /// One transaction: its number, time and origin on one line, its changes per entity below.
    static func paragraph(_ transaction: HistoryTransaction) -> String {
        var line = "\n\(transaction.number)  \(transaction.timestamp?.iso8601 ?? "(no time)")"
        for (label, value) in [
            ("author", transaction.author), ("bundle", transaction.bundleID), ("process", transaction.processID),
            ("context", transaction.contextName),
        ] {
            if let value, !value.isEmpty { line += "  \(label) \(TerminalText.escaped(value))" }
        }
        line += "\n"
        if transaction.changes.isEmpty { return line + "  no changes\n" }
        for change in transaction.changes {
            let counts = [("inserted", change.inserted), ("updated", change.updated), ("deleted", change.deleted)]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
            line += "  \(TerminalText.escaped(change.entity)): \(counts.joined(separator: ", "))\n"
        }
        return line
    }
}
