import GraphExport
import GraphExportCoreData
import GraphExportJSONText

/// The JSON document `graphexport log --format json` prints (`docs/HISTORY.md`): the store's
/// UUID, history token and oldest transaction kept, then `transactions`, one compact object a
/// line, oldest first.
enum LogJSON {
    /// The version of the document's layout.
    static let version: Int64 = 1

    /// Appends the document's opening, up to the `[` of `transactions`.
    static func appendHeader(_ history: PersistentHistory, to text: inout [UInt8]) {
        text += Array(#"{"logVersion":"#.utf8)
        JSONText.appendInteger(version, to: &text)
        text += Array(#","source":"#.utf8)
        JSONText.appendString(history.document.source ?? "", to: &text)
        text += Array(#","storeUUID":"#.utf8)
        JSONText.appendString(history.token.storeUUID, to: &text)
        text += Array(#","historyToken":"#.utf8)
        JSONText.appendString(history.token.description, to: &text)
        text += Array(#","oldestKept":"#.utf8)
        JSONText.appendInteger(history.oldestKept, to: &text)
        text += Array(#","transactions":["#.utf8)
    }

    /// Appends one transaction as a compact object: every key always present, `null` when the
    /// store recorded nothing for it.
    static func append(_ transaction: HistoryTransaction, to text: inout [UInt8]) {
        text += Array(#"{"number":"#.utf8)
        JSONText.appendInteger(transaction.number, to: &text)
        for (key, value) in [
            ("timestamp", transaction.timestamp?.iso8601), ("author", transaction.author),
            ("bundleID", transaction.bundleID), ("processID", transaction.processID),
            ("contextName", transaction.contextName),
        ] {
            text += Array(",\"\(key)\":".utf8)
            if let value { JSONText.appendString(value, to: &text) } else { text += Array("null".utf8) }
        }
        text += Array(#","changes":["#.utf8)
        for (index, change) in transaction.changes.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text += Array(#"{"entity":"#.utf8)
            JSONText.appendString(change.entity, to: &text)
            for (key, count) in [
                ("inserted", change.inserted), ("updated", change.updated), ("deleted", change.deleted),
            ] {
                text += Array(",\"\(key)\":".utf8)
                JSONText.appendInteger(Int64(count), to: &text)
            }
            text.append(UInt8(ascii: "}"))
        }
        text += Array("]}".utf8)
    }
}
