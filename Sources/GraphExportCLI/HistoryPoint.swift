import GraphExport
import GraphExportCoreData

/// A point of a store's persistent history as `--since` names it: the token of an earlier
/// export's header, or a bare transaction number.
enum HistoryPoint: Equatable {
    /// `<store UUID>:<transaction number>`, checked against the store's UUID (in any case).
    case token(HistoryToken)
    /// A transaction number alone, for scripts and tests that know the store.
    case transaction(Int64)

    /// The point `--since`'s value names; anything else is a usage error.
    init(option text: String) throws(UsageError) {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int64(text) {
            self = .transaction(number)
        } else if let token = HistoryToken(text: text) {
            self = .token(token)
        } else {
            throw UsageError(
                message:
                    "invalid value '\(TerminalText.echoed(text))' for '--since': give the historyToken of an earlier export's header "
                    + "(<store UUID>:<transaction number>) or a transaction number")
        }
    }
}
