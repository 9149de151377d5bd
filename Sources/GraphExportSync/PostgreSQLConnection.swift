import CLibPQ
import GraphExportRelational

/// A connection to a PostgreSQL target through libpq, from a connection URI (`postgresql://…`,
/// every parameter libpq takes): statements, small results as text, and `COPY … FROM stdin` fed
/// by ``PostgreSQLScript``. The server's notices are dropped.
final class PostgreSQLConnection: TargetConnection {
    let dialect = SQLDialect.postgresql
    /// The target as messages name it (the URI without its password).
    let target: String
    private let handle: OpaquePointer
    private let busyTimeout: Int64

    /// Connects; throws ``SyncError/cannotConnect(target:reason:)`` with libpq's reason when the
    /// server refuses the connection or the password, or cannot be reached.
    init(uri: String, target: String, busyTimeout: Int64) throws {
        guard let connection = PQconnectdb(uri) else {
            throw SyncError.cannotConnect(target: target, reason: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = Self.oneLine(PQerrorMessage(connection))
            PQfinish(connection)
            throw SyncError.cannotConnect(target: target, reason: reason)
        }
        gx_pq_silence_notices(connection)
        handle = connection
        self.target = target
        self.busyTimeout = busyTimeout
    }

    deinit {
        PQfinish(handle)
    }

    func execute(_ statements: [String]) throws {
        for statement in statements {
            let result = PQexec(handle, statement)
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
                throw failure(result, sql: statement)
            }
        }
    }

    func rows(_ sql: String) throws -> [[String?]] {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK else { throw failure(result, sql: sql) }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) != 0 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// Starts `statement`, a `COPY … FROM stdin`.
    func startCopy(_ statement: String) throws {
        let result = PQexec(handle, statement)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COPY_IN else { throw failure(result, sql: statement) }
    }

    /// Sends rows of the `COPY` started, in its text format.
    func sendCopyData(_ bytes: UnsafeRawBufferPointer, statement: String) throws {
        guard !bytes.isEmpty else { return }
        let sent = bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
        guard sent == 1 else { throw failure(nil, sql: statement) }
    }

    /// Ends the `COPY` started, and throws what the server refused of its rows.
    func endCopy(statement: String) throws {
        guard PQputCopyEnd(handle, nil) == 1 else { throw failure(nil, sql: statement) }
        var error: SyncError?
        while let result = PQgetResult(handle) {
            if PQresultStatus(result) != PGRES_COMMAND_OK, error == nil { error = failure(result, sql: statement) }
            PQclear(result)
        }
        if let error { throw error }
    }

    /// The error of a failed call: the connection lost, a lock waited for past `--busy-timeout`
    /// (`lock_timeout`, SQLSTATE 55P03), or the statement refused.
    private func failure(_ result: OpaquePointer?, sql: String) -> SyncError {
        let message = result.flatMap { PQresultErrorMessage($0) }.map { Self.oneLine($0) } ?? ""
        if PQstatus(handle) != CONNECTION_OK {
            let reason = message.isEmpty ? Self.oneLine(PQerrorMessage(handle)) : message
            return .connectionLost(target: target, reason: reason, duringCommit: sql == "COMMIT")
        }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        if state == "55P03" { return .busy(target: target, milliseconds: busyTimeout) }
        return .statementFailed(
            target: target, message: message.isEmpty ? Self.oneLine(PQerrorMessage(handle)) : message, sql: sql)
    }

    /// libpq's message as one line: its lines trimmed and joined.
    private static func oneLine(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        let lines = String(cString: message).split(whereSeparator: \.isNewline).map { line in
            line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }
        return lines.filter { !$0.isEmpty }.map { String($0) }.joined(separator: "; ")
    }
}
