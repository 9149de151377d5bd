import GraphExport
import GraphExportCoreData

extension HistoryPoint {
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

    /// The point as `--since` takes it: the token, or the transaction number.
    var optionText: String {
        switch self {
        case .token(let token): token.description
        case .transaction(let number): String(number)
        }
    }
}
