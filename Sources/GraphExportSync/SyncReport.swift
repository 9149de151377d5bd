import GraphExportJSONText

/// What a run did (or, with `--dry-run`, would do): one line for people, one JSON object for
/// scripts (docs/SYNC.md).
public struct SyncReport: Sendable, Hashable {
    /// What a run does.
    public enum Mode: String, Sendable, Hashable {
        /// The target held no copy: tables made, everything loaded.
        case first
        /// What changed since the recorded history token applied.
        case delta
        /// The store and the copy compared, the differences applied.
        case comparison
        /// The tables dropped and made again, everything loaded.
        case rebuild
        /// The copy is of the store as it is now: nothing written.
        case unchanged = "none"
    }

    /// The version of the JSON object's layout.
    public static let version = 1

    /// The target, as messages name it.
    public var target: String
    /// What the run did.
    public var mode: Mode
    /// Why it compared or rebuilt.
    public var reason: String?
    /// Whether nothing was written (`--dry-run`).
    public var dryRun: Bool
    /// Objects inserted (every object, for a first run or a rebuild).
    public var inserted: Int64
    /// Objects updated.
    public var updated: Int64
    /// Objects deleted.
    public var deleted: Int64
    /// The history token recorded, or `nil` for a store that has none.
    public var historyToken: String?
    /// The store's UUID, or `nil` for a store that has none.
    public var storeUUID: String?

    /// `copy.db: 12 inserted, 3 updated, 1 deleted (delta); token …`; a dry run says what it would
    /// do.
    public var line: String {
        let counts =
            dryRun
            ? "would insert \(inserted), update \(updated), delete \(deleted)"
            : "\(inserted) inserted, \(updated) updated, \(deleted) deleted"
        let what: String =
            switch mode {
            case .first: "first sync"
            case .unchanged: "already current"
            case .delta, .comparison, .rebuild: mode.rawValue
            }
        let token = historyToken.map { "; token \($0)" } ?? "; no history token"
        return "\(target): \(counts) (\(what)\(dryRun ? ", --dry-run: nothing written" : ""))\(token)"
    }

    /// One compact JSON object: `syncVersion`, `target`, `mode`, `reason`, `dryRun`, `inserted`,
    /// `updated`, `deleted`, `historyToken`, `storeUUID`, each always present (`null` when none).
    public var json: String {
        var text = Array(#"{"syncVersion":"#.utf8)
        JSONText.appendInteger(Int64(Self.version), to: &text)
        func string(_ key: String, _ value: String?) {
            text += Array(",\"\(key)\":".utf8)
            if let value { JSONText.appendString(value, to: &text) } else { text += Array("null".utf8) }
        }
        string("target", target)
        string("mode", mode.rawValue)
        string("reason", reason)
        text += Array(",\"dryRun\":\(dryRun)".utf8)
        for (key, count) in [("inserted", inserted), ("updated", updated), ("deleted", deleted)] {
            text += Array(",\"\(key)\":".utf8)
            JSONText.appendInteger(count, to: &text)
        }
        string("historyToken", historyToken)
        string("storeUUID", storeUUID)
        text.append(UInt8(ascii: "}"))
        return String(decoding: text, as: UTF8.self)
    }
}
