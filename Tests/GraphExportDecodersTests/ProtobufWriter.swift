import CZlib

/// Writes protocol-buffer messages for tests: fields appended in order, as Apple Notes lays them
/// out (docs/NOTES.md).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    init() {}

    init(_ build: (inout ProtobufWriter) -> Void) {
        build(&self)
    }

    mutating func varint(_ field: Int, _ value: UInt64) {
        key(field, wireType: 0)
        append(varint: value)
    }

    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        bytes(field, ProtobufWriter(build).bytes)
    }

    mutating func text(_ field: Int, _ text: String) {
        bytes(field, Array(text.utf8))
    }

    mutating func bytes(_ field: Int, _ payload: [UInt8]) {
        key(field, wireType: 2)
        append(varint: UInt64(payload.count))
        bytes += payload
    }

    mutating func raw(_ payload: [UInt8]) {
        bytes += payload
    }

    private mutating func key(_ field: Int, wireType: UInt64) {
        append(varint: UInt64(field) << 3 | wireType)
    }

    private mutating func append(varint value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

/// A style of one run, for ``noteStore(_:)``.
struct TestRun {
    var text: String
    var style: Int?
    var indent = 0
    var done: Bool?
    var quote = false
    var weight = 0
    var underlined = false
    var strikethrough = false
    var link: String?
    var attachment: (identifier: String, typeUTI: String)?
}

/// The bytes of a `NoteStoreProto` (not compressed) holding a note made of `runs`.
func noteStore(_ runs: [TestRun]) -> [UInt8] {
    ProtobufWriter { store in
        store.message(2) { document in
            document.varint(2, 0)
            document.message(3) { note in
                note.text(2, runs.map(\.text).joined())
                for run in runs {
                    note.message(5) { message in
                        message.varint(1, UInt64(run.text.utf16.count))
                        if run.style != nil || run.indent != 0 || run.done != nil || run.quote {
                            message.message(2) { paragraph in
                                if let style = run.style { paragraph.varint(1, UInt64(style)) }
                                if run.indent != 0 { paragraph.varint(4, UInt64(run.indent)) }
                                if run.quote { paragraph.varint(8, 1) }
                                if let done = run.done {
                                    paragraph.message(5) { checklist in
                                        checklist.bytes(1, Array(repeating: 7, count: 16))
                                        checklist.varint(2, done ? 1 : 0)
                                    }
                                }
                            }
                        }
                        if run.weight != 0 { message.varint(5, UInt64(run.weight)) }
                        if run.underlined { message.varint(6, 1) }
                        if run.strikethrough { message.varint(7, 1) }
                        if let link = run.link { message.text(9, link) }
                        if let attachment = run.attachment {
                            message.message(12) { info in
                                info.text(1, attachment.identifier)
                                info.text(2, attachment.typeUTI)
                            }
                        }
                    }
                }
            }
        }
    }.bytes
}

/// `bytes` gzip-compressed, as Apple Notes stores them.
func gzip(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    precondition(gx_deflate_init2(&stream, Z_DEFAULT_COMPRESSION, 31) == Z_OK)
    defer { deflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
    let produced = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { target in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = UInt32(target.count)
            precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
            return target.count - Int(stream.avail_out)
        }
    }
    return Array(output[..<produced])
}

/// The bytes of a `MergableDataProto` (not compressed) holding a table of these cells, row by
/// row, laid out as Apple Notes lays out its tables (docs/NOTES.md).
/// With `cells` false, the rows and columns are declared without any cell.
func tableData(_ rows: [[String]], rightToLeft: Bool = false, cells: Bool = true) -> [UInt8] {
    let columnCount = rows.first?.count ?? 0
    let uuids = (0..<(rows.count + columnCount)).map { (index: Int) -> [UInt8] in
        var uuid = [UInt8](repeating: 9, count: 16)
        uuid[0] = UInt8(truncatingIfNeeded: index)
        uuid[1] = UInt8(truncatingIfNeeded: index >> 8)
        return uuid
    }
    // Entries: 0 the table, 1 rows, 2 columns, 3 cellColumns, 4 the direction register, 5 its
    // text; then one per UUID, one dictionary per column, one note per cell.
    let uuidEntry = { (uuid: Int) in 6 + uuid }
    let columnEntry = { (column: Int) in 6 + uuids.count + column }
    let cellEntry = { (row: Int, column: Int) in 6 + uuids.count + columnCount + row * columnCount + column }
    func objectID(_ writer: inout ProtobufWriter, _ field: Int, _ index: Int) {
        writer.message(field) { $0.varint(6, UInt64(index)) }
    }
    func orderedSet(_ writer: inout ProtobufWriter, _ uuidIndexes: Range<Int>) {
        writer.message(16) { set in
            set.message(1) { ordering in
                ordering.message(1) { array in
                    array.message(1) { $0.text(2, "") }
                    for (position, uuid) in uuidIndexes.enumerated() {
                        array.message(2) { attachment in
                            attachment.varint(1, UInt64(position))
                            attachment.bytes(2, uuids[uuid])
                        }
                    }
                }
                ordering.message(2) { _ in }
            }
            set.message(2) { _ in }
        }
    }
    return ProtobufWriter { proto in
        proto.message(2) { object in
            object.varint(2, 0)
            object.message(3) { data in
                data.message(3) { table in
                    table.message(13) { map in
                        map.varint(1, 0)
                        for (key, entry) in [(0, 1), (1, 2), (2, 3), (4, 4)] {
                            map.message(3) { mapEntry in
                                mapEntry.varint(1, UInt64(key))
                                objectID(&mapEntry, 2, entry)
                            }
                        }
                    }
                }
                data.message(3) { orderedSet(&$0, 0..<rows.count) }
                data.message(3) { orderedSet(&$0, rows.count..<(rows.count + columnCount)) }
                data.message(3) { cellColumns in
                    cellColumns.message(6) { dictionary in
                        for column in 0..<columnCount where cells {
                            dictionary.message(1) { element in
                                objectID(&element, 1, uuidEntry(rows.count + column))
                                objectID(&element, 2, columnEntry(column))
                            }
                        }
                    }
                }
                data.message(3) { register in
                    register.message(1) { latest in objectID(&latest, 2, 5) }
                }
                data.message(3) { text in
                    text.message(13) { map in
                        map.varint(1, 2)
                        map.message(3) { mapEntry in
                            mapEntry.varint(1, 5)
                            mapEntry.message(2) {
                                $0.text(
                                    4,
                                    rightToLeft
                                        ? "CRTableColumnDirectionRightToLeft" : "CRTableColumnDirectionLeftToRight")
                            }
                        }
                    }
                }
                for uuid in uuids.indices {
                    data.message(3) { entry in
                        entry.message(13) { map in
                            map.varint(1, 1)
                            map.message(3) { mapEntry in
                                mapEntry.varint(1, 3)
                                mapEntry.message(2) { $0.varint(2, UInt64(uuid)) }
                            }
                        }
                    }
                }
                for column in 0..<columnCount where cells {
                    data.message(3) { entry in
                        entry.message(6) { dictionary in
                            for row in rows.indices {
                                dictionary.message(1) { element in
                                    objectID(&element, 1, uuidEntry(row))
                                    objectID(&element, 2, cellEntry(row, column))
                                }
                            }
                        }
                    }
                }
                for row in rows where cells {
                    for cell in row {
                        data.message(3) { entry in entry.message(10) { $0.text(2, cell) } }
                    }
                }
                for key in ["crRows", "crColumns", "cellColumns", "UUIDIndex", "crTableColumnDirection", "self"] {
                    data.text(4, key)
                }
                for type in ["com.apple.notes.ICTable", "com.apple.CRDT.NSUUID", "com.apple.CRDT.NSString"] {
                    data.text(5, type)
                }
                for uuid in uuids { data.bytes(6, uuid) }
            }
        }
    }.bytes
}
