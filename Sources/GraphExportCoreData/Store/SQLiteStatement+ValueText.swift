import GraphExportSQLite

extension SQLiteStatement {
    /// How long a text value may be in a message before it is cut.
    private static let textLimit = 40

    /// Column `index` of the current row as a message shows it: `7`, `1.5`, `'abc'` (cut after
    /// 40 characters), `NULL`, or the size of a blob (whose bytes are no use in a sentence).
    func valueText(at index: Int32) -> String {
        switch storage(at: index) {
        case .null: return "NULL"
        case .integer: return String(int64(at: index))
        case .real: return String(double(at: index))
        case .blob: return "a \(bytes(at: index).count)-byte blob"
        case .text:
            let text = String(decoding: bytes(at: index), as: UTF8.self)
            let cut = text.count > Self.textLimit ? text.prefix(Self.textLimit) + "…" : Substring(text)
            return "'" + cut + "'"
        }
    }
}
