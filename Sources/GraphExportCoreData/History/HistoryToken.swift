/// Where a Core Data store's persistent history stood when an export was written: the store's
/// UUID and the number of its last transaction (`ATRANSACTION.Z_PK`), as one string the next
/// export passes back (`--since`) to write only what changed after it.
///
/// The text is `<store UUID>:<transaction number>`
/// (`FABDAB03-8EF2-41B9-9944-193D67BE0365:95`); readers should treat it as opaque.
public struct HistoryToken: Sendable, Hashable, CustomStringConvertible {
    /// The UUID of the store the token is of (`Z_METADATA.Z_UUID`).
    public let storeUUID: String
    /// The number of the last transaction the export saw; 0 before the first.
    public let transaction: Int64

    /// Creates a token.
    public init(storeUUID: String, transaction: Int64) {
        self.storeUUID = storeUUID
        self.transaction = transaction
    }

    /// The token a text stands for, or `nil` when it is no token: a UUID (`8-4-4-4-12` hexadecimal
    /// digits, in either case, as Core Data writes `Z_METADATA.Z_UUID`), a colon, and a
    /// transaction number of decimal digits.
    public init?(text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let uuid = text[..<colon]
        let number = text[text.index(after: colon)...]
        guard Self.isUUID(uuid), !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
            let transaction = Int64(number)
        else {
            return nil
        }
        self.init(storeUUID: String(uuid), transaction: transaction)
    }

    /// Whether `text` is a UUID's text: groups of 8, 4, 4, 4 and 12 hexadecimal digits joined by
    /// hyphens.
    private static func isUUID(_ text: Substring) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// `<store UUID>:<transaction number>`.
    public var description: String {
        "\(storeUUID):\(transaction)"
    }
}
