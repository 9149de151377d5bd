/// The cells of a Notes table: the gunzipped `mergeableData` of an `ICAttachment` whose type is
/// `com.apple.notes.table`, a `MergableDataProto` (docs/NOTES.md has the layout).
///
/// The proto's field 2 → field 3 holds the objects (entries, field 3) and three lists they index
/// from 0: key names (4), type names (5) and UUIDs (6). The table is the first entry whose
/// `custom_map` (13) has the type `com.apple.notes.ICTable`; its map entries name, by key,
/// `crRows` and `crColumns` (ordered sets, 16: the UUIDs of the rows or columns in order, and
/// aliases of UUIDs), `cellColumns` (a dictionary, 6: column → dictionary of row → cell, a
/// `Note`, 10) and `crTableColumnDirection` (a register whose text says whether columns run
/// right to left).
struct NoteTable: Equatable {
    /// The most cells (rows × columns) a table may have: the layout could otherwise make a few
    /// bytes stand for an enormous grid of empty cells.
    static let maximumCellCount = 250_000

    /// The rows, each of the same number of cells, left to right as the table shows them; a
    /// cell is a note of its own (its text and runs: bold, italic, underline, links).
    let cells: [[NoteDocument]]

    /// The cells' text, row by row.
    var rows: [[String]] { cells.map { $0.map(\.text) } }

    /// The table of these cells.
    init(cells: [[NoteDocument]]) {
        self.cells = cells
    }

    /// The table `bytes` (gunzipped) hold; throws ``ProtobufError`` for bytes that are not one.
    init(mergeableData bytes: [UInt8]) throws(ProtobufError) {
        let object = try ProtobufMessage(bytes).required(2, in: "MergableDataProto").message()
        let data = try object.required(3, in: "MergableDataObject").message()
        var entries: [ProtobufMessage] = []
        var keys: [String] = []
        var types: [String] = []
        var uuids: [ArraySlice<UInt8>] = []
        try data.forEachField { field throws(ProtobufError) in
            switch field.number {
            case 3: entries.append(try field.message())
            case 4: keys.append(try field.text())
            case 5: types.append(try field.text())
            case 6: uuids.append(try field.data())
            default: break
            }
        }
        let reader = Reader(
            entries: entries, keys: keys,
            uuids: Dictionary(uuids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }))
        var found: ProtobufMessage?
        for entry in entries {
            if let type = try reader.mapType(of: entry), types.indices.contains(type),
                types[type] == "com.apple.notes.ICTable"
            {
                found = entry
                break
            }
        }
        guard let table = found else { throw .outOfRange("the mergeable data holds no com.apple.notes.ICTable") }
        let parts = try reader.mapEntries(of: table)
        guard let rowSet = parts["crRows"], let columnSet = parts["crColumns"] else {
            throw .outOfRange("the table has no crRows or crColumns")
        }
        let rows = try reader.order(of: rowSet)
        let columns = try reader.order(of: columnSet)
        guard rows.count * columns.count <= Self.maximumCellCount else {
            throw .outOfRange(
                "the table has \(rows.count) rows and \(columns.count) columns, more than "
                    + "\(Self.maximumCellCount) cells")
        }
        let empty = NoteDocument(text: "", runs: [])
        var grid = Array(repeating: Array(repeating: empty, count: columns.count), count: rows.count)
        if let cells = parts["cellColumns"] {
            for (columnKey, columnCells) in try reader.dictionary(cells) {
                guard let column = columns.index[try reader.uuidIndex(of: columnKey)] else { continue }
                for (rowKey, cell) in try reader.dictionary(columnCells) {
                    guard let row = rows.index[try reader.uuidIndex(of: rowKey)] else { continue }
                    if let note = try reader.entry(cell).field(10) {
                        grid[row][column] = try NoteDocument.read(note: try note.message())
                    }
                }
            }
        }
        if let direction = parts["crTableColumnDirection"],
            try reader.text(ofRegister: direction) == "CRTableColumnDirectionRightToLeft"
        {
            grid = grid.map { $0.reversed() }
        }
        cells = grid
    }

    /// Reads the entries of one mergeable data object, which refer to each other by index.
    private struct Reader {
        let entries: [ProtobufMessage]
        let keys: [String]
        /// The index of each UUID in the list (the first, for one listed twice).
        let uuids: [ArraySlice<UInt8>: Int]

        /// The entry at `index` (an `ObjectID`'s `object_index`, field 6).
        func entry(_ index: Int) throws(ProtobufError) -> ProtobufMessage {
            guard entries.indices.contains(index) else {
                throw .outOfRange("an object index \(index) is past the \(entries.count) objects")
            }
            return entries[index]
        }

        /// The `object_index` of an `ObjectID` message.
        func objectIndex(_ objectID: ProtobufMessage) throws(ProtobufError) -> Int {
            let index = try objectID.required(6, in: "ObjectID").integer()
            guard index < UInt64(entries.count) else {
                throw .outOfRange("an object index \(index) is past the \(entries.count) objects")
            }
            return Int(index)
        }

        /// The type index of an entry's `custom_map`, or `nil` for an entry without one.
        func mapType(of entry: ProtobufMessage) throws(ProtobufError) -> Int? {
            guard let map = try entry.field(13)?.message() else { return nil }
            return Int(clamping: try map.field(1)?.integer() ?? UInt64.max)
        }

        /// An entry's `custom_map` entries, by key name, each to the index of the entry it names.
        func mapEntries(of entry: ProtobufMessage) throws(ProtobufError) -> [String: Int] {
            guard let map = try entry.field(13)?.message() else { return [:] }
            var found: [String: Int] = [:]
            try map.forEachField { field throws(ProtobufError) in
                guard field.number == 3 else { return }
                let mapEntry = try field.message()
                let key = try mapEntry.required(1, in: "MapEntry").integer()
                guard key < UInt64(keys.count) else { return }
                let value = try mapEntry.required(2, in: "MapEntry").message()
                if try value.field(6) != nil { found[keys[Int(key)]] = try objectIndex(value) }
            }
            return found
        }

        /// The UUID index an entry stands for: the `unsigned_integer_value` (2) of its map's first
        /// entry's value.
        func uuidIndex(of index: Int) throws(ProtobufError) -> Int {
            guard let first = try firstMapEntry(of: entry(index)) else {
                throw .outOfRange("object \(index) stands for no UUID")
            }
            let value = try first.required(2, in: "MapEntry").message()
            return Int(clamping: try value.required(2, in: "ObjectID").integer())
        }

        /// The first entry (field 3) of an entry's `custom_map` (13), or `nil`.
        private func firstMapEntry(of entry: ProtobufMessage) throws(ProtobufError) -> ProtobufMessage? {
            guard let map = try entry.field(13)?.message() else { return nil }
            var first: ProtobufMessage?
            try map.forEachField { field throws(ProtobufError) in
                if field.number == 3 && first == nil { first = try field.message() }
            }
            return first
        }

        /// The elements of the `dictionary` (6) of the entry at `index`: key and value entry indexes.
        func dictionary(_ index: Int) throws(ProtobufError) -> [(Int, Int)] {
            guard let dictionary = try entry(index).field(6)?.message() else {
                throw .outOfRange("object \(index) is no dictionary")
            }
            var elements: [(Int, Int)] = []
            try dictionary.forEachField { field throws(ProtobufError) in
                guard field.number == 1 else { return }
                let element = try field.message()
                elements.append(
                    (
                        try objectIndex(try element.required(1, in: "DictionaryElement").message()),
                        try objectIndex(try element.required(2, in: "DictionaryElement").message())
                    ))
            }
            return elements
        }

        /// The rows or columns of an ordered set (16) at `index`: how many, and the position of
        /// each UUID index, aliases included.
        func order(of index: Int) throws(ProtobufError) -> (count: Int, index: [Int: Int]) {
            guard let set = try entry(index).field(16)?.message() else {
                throw .outOfRange("object \(index) is no ordered set")
            }
            let ordering = try set.required(1, in: "OrderedSet").message()
            var positions: [Int: Int] = [:]
            var count = 0
            if let array = try ordering.field(1)?.message() {
                try array.forEachField { field throws(ProtobufError) in
                    guard field.number == 2 else { return }
                    let uuid = try field.message().required(2, in: "OrderedSetOrderingArrayAttachment").data()
                    if let uuidIndex = uuids[uuid] { positions[uuidIndex] = count }
                    count += 1
                    guard count <= maximumCellCount else {
                        throw .outOfRange("a table has more than \(maximumCellCount) rows or columns")
                    }
                }
            }
            if let contents = try ordering.field(2)?.message() {
                try contents.forEachField { field throws(ProtobufError) in
                    guard field.number == 1 else { return }
                    let element = try field.message()
                    let key = try uuidIndex(
                        of: try objectIndex(try element.required(1, in: "DictionaryElement").message()))
                    let value = try uuidIndex(
                        of: try objectIndex(try element.required(2, in: "DictionaryElement").message()))
                    if let position = positions[key] { positions[value] = position }
                }
            }
            return (count, positions)
        }

        /// The text a register (`register_latest`, 1) at `index` holds: its contents' entry's
        /// map's first value's `string_value` (4).
        func text(ofRegister index: Int) throws(ProtobufError) -> String? {
            guard let register = try entry(index).field(1)?.message(),
                let contents = try register.field(2)?.message()
            else { return nil }
            let target = try entry(try objectIndex(contents))
            return try firstMapEntry(of: target)?.field(2)?.message().field(4)?.text()
        }

        private var maximumCellCount: Int { NoteTable.maximumCellCount }
    }
}
