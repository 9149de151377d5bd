import GraphExport

/// Reads one stored value of a plain column as the export writes it, by the column's typing
/// (``PlainColumnTyping``, decided once per column in ``PlainLayout/typings``), and reports
/// what does not fit: each value that fits the typing becomes the typed value, any other is written
/// as stored.
///
/// - **stored**: by the storage class alone; text and bytes lent from the statement.
/// - **boolean**: the integers 0 and 1 as booleans.
/// - **date**: text in one of SQLite's date and time forms as its ISO 8601 form
///   (``SQLiteDateText``), written into a ``TypedTextBuffer`` slot and lent from there.
/// - **json**: text that is a JSON array or object as its array or map (``JSONColumnText``); other
///   JSON text (`42`, `"x"`) and values that are not text as stored.
///
/// Text that is not valid UTF-8 is written as its bytes, with a warning per object. A value that
/// does not fit a boolean, date or named JSON column draws one warning per column, naming the
/// first object that has one; the columns that the bare `--json-columns` reads and whose text is
/// not JSON are named together in one warning, by ``reportColumnsWithoutJSON()``.
final class PlainValueReader {
    private let layout: PlainLayout
    private let path: String
    private let onWarning: WarningHandler
    /// Whether every column left stored by its declared type is read as JSON (the bare form), so
    /// that its text that is not JSON is reported in one warning for all columns.
    private let readsEveryColumnAsJSON: Bool
    /// Per entity, per column: its slot in the entity's ``TypedTextBuffer`` (date columns only).
    private let slots: [[Int?]]
    /// Per entity, per column: whether it was already reported as holding a value that does not
    /// fit (a flag, not a set, since a column of numbers declared `TIMESTAMP` asks in every row).
    private var reported: [[Bool]]
    /// The objects and attributes (entity, row, attribute) already reported as holding text that is
    /// not valid UTF-8.
    private var reportedText: Set<[Int64]> = []
    /// The bare form's columns found holding text that is not JSON and not yet reported, in the
    /// order found.
    private var columnsWithoutJSON: [[Int]] = []

    init(layout: PlainLayout, options: SQLiteSourceOptions, path: String, onWarning: @escaping WarningHandler) {
        self.layout = layout
        self.path = path
        self.onWarning = onWarning
        readsEveryColumnAsJSON = options.jsonColumns && !options.rawValues
        reported = layout.typings.map { Array(repeating: false, count: $0.count) }
        slots = layout.typings.map { typings in
            var next = 0
            return typings.map { typing in
                guard typing == .date else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    /// A buffer for the typed text of one row of `entity` at a time.
    func textBuffer(for entity: Int) -> TypedTextBuffer {
        TypedTextBuffer(slots: slots[entity].reduce(0) { $0 + ($1 == nil ? 0 : 1) })
    }

    /// The value of attribute `attribute` of `key`'s object, read from result column `column`;
    /// text and bytes are lent from the statement or from `buffer`, valid until either moves on.
    /// `object` names the object in warnings.
    func value(
        _ statement: RowStatement, at column: Int32, attribute: Int, key: ObjectKey, buffer: TypedTextBuffer,
        object: @autoclosure () -> ObjectID
    ) -> RowValue {
        let typing = layout.typings[key.entity][attribute]
        switch statement.storage(at: column) {
        case .null:
            return .null
        case .integer:
            let number = statement.int64(at: column)
            if typing == .boolean, number == 0 || number == 1 { return .boolean(number == 1) }
            if typing == .boolean || typing == .date {
                misfit(key.entity, attribute, "the integer \(number)", object())
            }
            return .integer(number)
        case .real:
            let number = statement.double(at: column)
            if typing == .boolean || typing == .date { misfit(key.entity, attribute, "the number \(number)", object()) }
            return .double(number)
        case .blob:
            let bytes = statement.rawBytes(at: column)
            if typing == .boolean || typing == .date { misfit(key.entity, attribute, "\(bytes.count) bytes", object()) }
            return .bytes(bytes)
        case .text:
            guard let text = statement.borrowedText(at: column) else {
                if reportedText.insert([Int64(key.entity), key.row, Int64(attribute)]).inserted {
                    let name = layout.model.attributes(of: key.entity)[attribute].name
                    onWarning(Warning("\(path): \(object()) \(name): text is not valid UTF-8; written as its bytes"))
                }
                return .bytes(statement.rawBytes(at: column))
            }
            switch typing {
            case .stored:
                return .text(text)
            case .boolean:
                misfit(key.entity, attribute, Self.quoted(text), object())
                return .text(text)
            case .date:
                return date(text, attribute: attribute, key: key, buffer: buffer, object: object())
            case .json:
                return json(text, attribute: attribute, key: key, object: object())
            }
        }
    }

    /// Reports, in one warning, the columns the bare `--json-columns` read whose text was not all
    /// JSON and that no earlier warning named: the first two by name, the others counted.
    func reportColumnsWithoutJSON() {
        guard !columnsWithoutJSON.isEmpty else { return }
        let names = columnsWithoutJSON.map { columnName($0[0], $0[1]) }
        let shown = names.prefix(2).joined(separator: ", ") + (names.count > 2 ? " and \(names.count - 2) more" : "")
        let count = names.count == 1 ? "1 column holds" : "\(names.count) columns hold"
        onWarning(
            Warning(
                "\(path): --json-columns: \(count) text that is not JSON, kept as text: \(shown); name the "
                    + "JSON ones: --json-columns Table.col"))
        columnsWithoutJSON = []
    }

    /// Date text as its ISO 8601 form in the column's slot of `buffer`; any other text as stored.
    private func date(
        _ text: UnsafeRawBufferPointer, attribute: Int, key: ObjectKey, buffer: TypedTextBuffer,
        object: @autoclosure () -> ObjectID
    ) -> RowValue {
        let slot = slots[key.entity][attribute]!
        if text.count + SQLiteDateText.maximumGrowth <= TypedTextBuffer.slotSize {
            let output = buffer.slot(slot)
            if let count = SQLiteDateText.iso8601(of: text, into: output) {
                return .text(UnsafeRawBufferPointer(rebasing: output[..<count]))
            }
        } else {
            // Long text (a fraction of dozens of digits, or no date at all): written into a
            // buffer of its own, owned by the value.
            var bytes = [UInt8](repeating: 0, count: text.count + SQLiteDateText.maximumGrowth)
            let count = bytes.withUnsafeMutableBytes { SQLiteDateText.iso8601(of: text, into: $0) }
            if let count { return .other(.string(String(decoding: bytes[..<count], as: UTF8.self))) }
        }
        misfit(key.entity, attribute, Self.quoted(text), object())
        return .text(text)
    }

    /// The array or map a JSON array or object stands for; any other text as stored, reported
    /// when it is not JSON.
    private func json(
        _ text: UnsafeRawBufferPointer, attribute: Int, key: ObjectKey, object: @autoclosure () -> ObjectID
    ) -> RowValue {
        switch JSONColumnText.read(String(decoding: text, as: UTF8.self)) {
        case .structured(let value):
            return .other(value)
        case .scalar:
            return .text(text)
        case .notJSON:
            if readsEveryColumnAsJSON && !layout.namedJSONColumns.contains([key.entity, attribute]) {
                if !reported[key.entity][attribute] {
                    reported[key.entity][attribute] = true
                    columnsWithoutJSON.append([key.entity, attribute])
                }
            } else {
                misfit(key.entity, attribute, "text that is not JSON", object())
            }
            return .text(text)
        }
    }

    /// Reports, once per column, a value that does not fit its column's typing. `what` and
    /// `object` are made only for that one report.
    private func misfit(
        _ entity: Int, _ attribute: Int, _ what: @autoclosure () -> String, _ object: @autoclosure () -> ObjectID
    ) {
        guard !reported[entity][attribute] else { return }
        reported[entity][attribute] = true
        let (what, object) = (what(), object())
        let column = layout.table(of: entity).columns[attribute]
        let declared = column.declaredType.isEmpty ? "" : " (\(column.declaredType))"
        let name = columnName(entity, attribute) + declared
        switch layout.typings[entity][attribute] {
        case .boolean:
            onWarning(
                Warning(
                    "\(path): \(name) holds \(what) in \(object), not 0 or 1: such values are written as stored, "
                        + "the others as booleans"))
        case .date:
            onWarning(
                Warning(
                    "\(path): \(name) holds \(what) in \(object), not a SQLite date or time text: such values are "
                        + "written as stored, the others as ISO 8601 text"))
        case .json, .stored:
            onWarning(
                Warning(
                    "\(path): \(name) holds \(what) in \(object), or JSON nested deeper than "
                        + "\(Value.maximumNestingDepth) levels: such text is written as it is (--json-columns)"))
        }
    }

    /// `Table.column`.
    private func columnName(_ entity: Int, _ attribute: Int) -> String {
        layout.table(of: entity).name + "." + layout.table(of: entity).columns[attribute].name
    }

    /// `'text'`, cut to its first 24 characters.
    private static func quoted(_ text: UnsafeRawBufferPointer) -> String {
        let whole = String(decoding: text, as: UTF8.self)
        return "'" + (whole.count > 24 ? whole.prefix(24) + "…" : whole[...]) + "'"
    }
}

/// Buffers that typed text is written into while its row is current, lent to the writers as the
/// statement's own text is: one slot of ``slotSize`` bytes per date column of one entity. Each
/// cursor (and the lookup of single objects) has its own, so that a row's values stay valid until
/// the cursor that read them moves on.
final class TypedTextBuffer {
    /// The bytes of one slot: room for any date and time text with a fraction of up to 37 digits.
    static let slotSize = 64
    private let storage: UnsafeMutableRawBufferPointer

    init(slots: Int) {
        storage = .allocate(byteCount: max(slots, 1) * Self.slotSize, alignment: 1)
    }

    deinit {
        storage.deallocate()
    }

    /// Slot `index`.
    func slot(_ index: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: storage[index * Self.slotSize..<(index + 1) * Self.slotSize])
    }
}
