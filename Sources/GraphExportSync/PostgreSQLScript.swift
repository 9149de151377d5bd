import GraphExport

/// Runs an `-f sql` script for PostgreSQL as `SQLGraphWriter` writes it (docs/RELATIONAL.md),
/// statement by statement and `COPY` block by `COPY` block, on a connection whose transaction the
/// run holds: the script's own `BEGIN;` and `COMMIT;` are left out, and names go where the
/// connection's `search_path` says (the target's schema, or the run's staging schema).
///
/// A statement ends at a `;` that ends a line outside quotes (`'…'` and `"…"`, whose quotes are
/// doubled inside); a comment line (`--`) between statements is skipped; a `COPY … FROM stdin;`
/// takes the lines up to `\.` as its rows, sent in blocks.
final class PostgreSQLScript: ByteSink {
    private let connection: PostgreSQLConnection
    /// The bytes of the line not yet ended.
    private var line: [UInt8] = []
    /// The statement read so far, and the quote it is inside (`'`, `"`, or 0).
    private var statement: [UInt8] = []
    private var quote: UInt8 = 0
    /// The `COPY` whose rows are being read, and its rows not yet sent.
    private var copy: String?
    private var rows: [UInt8] = []
    private static let block = 1 << 16

    /// A script run on `connection`.
    init(connection: PostgreSQLConnection) {
        self.connection = connection
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            line.append(contentsOf: bytes[start...index])
            start = index + 1
            try take(line)
            line.removeAll(keepingCapacity: true)
        }
        line.append(contentsOf: bytes[start...])
    }

    /// Runs what is left; throws when the script ended inside a statement or a `COPY`.
    func finish() throws {
        if !line.isEmpty {
            line.append(UInt8(ascii: "\n"))
            try take(line)
            line = []
        }
        guard copy == nil, statement.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else {
            throw SyncError.statementFailed(
                target: connection.target, message: "the script ended inside a statement",
                sql: String(decoding: statement, as: UTF8.self))
        }
    }

    /// One whole line, its newline included.
    private func take(_ line: [UInt8]) throws {
        if let copy {
            if line == Array("\\.\n".utf8) {
                try sendRows(copy)
                try connection.endCopy(statement: copy)
                self.copy = nil
            } else {
                rows += line
                if rows.count >= Self.block { try sendRows(copy) }
            }
            return
        }
        if statement.isEmpty && line.starts(with: Array("--".utf8)) { return }
        statement += line
        for byte in line where byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            if quote == 0 {
                quote = byte
            } else if quote == byte {
                quote = 0
            }
        }
        guard quote == 0, line.count >= 2, line[line.count - 2] == UInt8(ascii: ";") else { return }
        let sql = String(decoding: statement.dropLast(), as: UTF8.self)
        statement.removeAll(keepingCapacity: true)
        if sql == "BEGIN;" || sql == "COMMIT;" { return }
        if sql.hasPrefix("COPY ") && sql.hasSuffix(" FROM stdin;") {
            try connection.startCopy(sql)
            copy = sql
        } else {
            try connection.execute(sql)
        }
    }

    private func sendRows(_ statement: String) throws {
        try rows.withUnsafeBytes { try connection.sendCopyData($0, statement: statement) }
        rows.removeAll(keepingCapacity: true)
    }
}
