import GraphExport

/// Objects read from a copy, packed one after the other into one buffer, as ``ReadAhead`` hands
/// them from its thread to the merge: a record's values, to-ones and destinations, with text and
/// bytes copied in, so that the merge reads them back borrowed from the buffer (``RowValue``)
/// without an allocation per value or per object. A batch is filled on one thread, then read on
/// another, then emptied and filled again.
///
/// Layout of an object: its entity and row; its values, each a tag and its payload (an integer,
/// a double's bits, a date's seconds, text, bytes, a decimal's or URI's text as a length and the
/// bytes, a UUID's 16 bytes, or the index of an owned ``GraphExport/Value`` kept aside: arrays,
/// maps, files); its to-ones, each a flag and a key; its to-manys' destinations, each a count and
/// keys. An entity's end is a slot of its own. Two objects packed alike, byte for byte, hold the
/// same values (``ExportedValue``) and the same destinations in the same order, unless a value was
/// kept aside.
final class RowBatch {
    /// What a slot holds.
    private enum Tag: UInt8 {
        case null, integer, double, falseValue, trueValue, date, text, bytes, uuid, decimal, uri, other
    }

    // Written for every value: not checked for exclusive access at run time (a batch is used by
    // one thread at a time, one call at a time).
    /// Where each slot starts in the buffer; `nil` for an entity's end.
    @exclusivity(unchecked) private(set) var slots: [Int?] = []
    /// Where each slot ends in the buffer.
    @exclusivity(unchecked) private var ends: [Int] = []
    /// Per slot, whether the object has a value kept aside, so that its packed bytes do not say
    /// all it holds.
    @exclusivity(unchecked) private var keepsValuesAside: [Bool] = []
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// Values that are not packed (arrays, maps, files), by index.
    @exclusivity(unchecked) private var others: [Value] = []

    init() {
        capacity = 1 << 16
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// Empties the batch, keeping its buffer.
    func removeAll() {
        slots.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        keepsValuesAside.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
        count = 0
    }

    // MARK: - Filling

    /// Adds an object: `record`, with the destinations of its to-manys.
    ///
    /// The room for the parts of fixed size is made once per object, and the bytes are stored at
    /// an offset kept in a local, so that a value costs its tag and its payload and nothing more.
    func append(_ record: BorrowedRecord, destinations: [[ObjectKey]]) {
        slots.append(count)
        let aside = others.count
        // The most the parts of fixed size take: the key (16 bytes) and three counts (24), a tag
        // and 16 bytes per value, a tag and a key per to-one, a count per to-many.
        let fixed = 40 + 17 * record.values.count + 17 * record.toOne.count + 8 * destinations.count
        reserve(fixed)
        var at = count
        store(Int64(record.key.entity), at: &at)
        store(record.key.row, at: &at)
        store(Int64(record.values.count), at: &at)
        record.values.withUnsafeBufferPointer { values in
            for index in values.indices {
                switch values[index] {
                case .null: store(Tag.null, at: &at)
                case .integer(let integer):
                    store(Tag.integer, at: &at)
                    store(integer, at: &at)
                case .double(let double):
                    store(Tag.double, at: &at)
                    store(Int64(bitPattern: double.bitPattern), at: &at)
                case .boolean(let boolean): store(boolean ? Tag.trueValue : Tag.falseValue, at: &at)
                case .date(let date):
                    store(Tag.date, at: &at)
                    store(Int64(bitPattern: date.secondsSinceReferenceDate.bitPattern), at: &at)
                case .text(let text): store(Tag.text, text, at: &at, fixed: fixed)
                case .bytes(let bytes): store(Tag.bytes, bytes, at: &at, fixed: fixed)
                case .other(.uuid(let uuid)):
                    store(Tag.uuid, at: &at)
                    uuid.bytes.withUnsafeBytes { store(raw: $0, at: &at) }
                case .other(.string(var text)):
                    text.withUTF8 { store(Tag.text, UnsafeRawBufferPointer($0), at: &at, fixed: fixed) }
                case .other(.decimal(var text)):
                    text.withUTF8 { store(Tag.decimal, UnsafeRawBufferPointer($0), at: &at, fixed: fixed) }
                case .other(.uri(var text)):
                    text.withUTF8 { store(Tag.uri, UnsafeRawBufferPointer($0), at: &at, fixed: fixed) }
                case .other(.binary(let bytes)):
                    bytes.withUnsafeBytes { store(Tag.bytes, $0, at: &at, fixed: fixed) }
                case .other(let owned):
                    store(Tag.other, at: &at)
                    store(Int64(others.count), at: &at)
                    others.append(owned)
                }
            }
        }
        store(Int64(record.toOne.count), at: &at)
        for key in record.toOne {
            guard let key else {
                store(Tag.null, at: &at)
                continue
            }
            store(Tag.integer, at: &at)
            store(key, at: &at)
        }
        store(Int64(destinations.count), at: &at)
        for keys in destinations {
            // Room for the keys, and for the counts of the to-manys after these.
            count = at
            reserve(16 * keys.count + 8 * destinations.count)
            store(Int64(keys.count), at: &at)
            for key in keys { store(key, at: &at) }
        }
        assert(at <= capacity, "an object was packed past the room made for it")
        count = at
        ends.append(at)
        keepsValuesAside.append(others.count > aside)
    }

    /// Adds the end of an entity.
    func appendEnd() {
        slots.append(nil)
        ends.append(count)
        keepsValuesAside.append(false)
    }

    @inline(__always)
    private func store(_ tag: Tag, at offset: inout Int) {
        buffer.storeBytes(of: tag.rawValue, toByteOffset: offset, as: UInt8.self)
        offset += 1
    }

    @inline(__always)
    private func store(_ integer: Int64, at offset: inout Int) {
        buffer.storeBytes(of: integer, toByteOffset: offset, as: Int64.self)
        offset += 8
    }

    @inline(__always)
    private func store(_ key: ObjectKey, at offset: inout Int) {
        store(Int64(key.entity), at: &offset)
        store(key.row, at: &offset)
    }

    /// A tag, a length, then the bytes, with room made for them and for the parts of fixed size
    /// that may follow (`fixed`).
    private func store(_ tag: Tag, _ bytes: UnsafeRawBufferPointer, at offset: inout Int, fixed: Int) {
        count = offset
        reserve(bytes.count + fixed)
        store(tag, at: &offset)
        store(Int64(bytes.count), at: &offset)
        store(raw: bytes, at: &offset)
    }

    /// Bytes for which room was made.
    @inline(__always)
    private func store(raw bytes: UnsafeRawBufferPointer, at offset: inout Int) {
        guard !bytes.isEmpty else { return }
        (buffer + offset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        offset += bytes.count
    }

    /// Makes room for `more` bytes after ``count``.
    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let larger = max(2 * capacity, count + more)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        grown.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        (buffer, capacity) = (grown, larger)
    }

    // MARK: - Reading

    /// The key of the object at `offset`.
    func key(at offset: Int) -> ObjectKey {
        var position = offset
        return ObjectKey(entity: Int(integer(&position)), row: integer(&position))
    }

    /// The packed bytes of the object in `slot`, which say all it holds; `nil` when a value of
    /// it was kept aside.
    func bytes(of slot: Int) -> UnsafeRawBufferPointer? {
        guard !keepsValuesAside[slot] else { return nil }
        let start = slots[slot]!
        return UnsafeRawBufferPointer(start: buffer + start, count: ends[slot] - start)
    }

    /// The object at `offset`, its values borrowed from the batch (valid while it is neither
    /// emptied nor freed), read into the arrays given, which are emptied first.
    func read(
        at offset: Int, values: inout [RowValue], toOne: inout [ObjectKey?], destinations: inout [[ObjectKey]]
    ) -> ObjectKey {
        var position = offset
        let key = ObjectKey(entity: Int(integer(&position)), row: integer(&position))
        values.removeAll(keepingCapacity: true)
        for _ in 0..<integer(&position) {
            let tag = Tag(rawValue: buffer.load(fromByteOffset: position, as: UInt8.self))!
            position += 1
            switch tag {
            case .null: values.append(.null)
            case .integer: values.append(.integer(integer(&position)))
            case .double: values.append(.double(Double(bitPattern: UInt64(bitPattern: integer(&position)))))
            case .falseValue: values.append(.boolean(false))
            case .trueValue: values.append(.boolean(true))
            case .date:
                let seconds = Double(bitPattern: UInt64(bitPattern: integer(&position)))
                values.append(.date(Timestamp(secondsSinceReferenceDate: seconds)))
            case .text: values.append(.text(bytes(&position)))
            case .bytes: values.append(.bytes(bytes(&position)))
            case .uuid:
                values.append(
                    .other(.uuid(UUIDValue(bytes: UnsafeRawBufferPointer(start: buffer + position, count: 16))!)))
                position += 16
            case .decimal: values.append(.other(.decimal(String(decoding: bytes(&position), as: UTF8.self))))
            case .uri: values.append(.other(.uri(String(decoding: bytes(&position), as: UTF8.self))))
            case .other: values.append(.other(others[Int(integer(&position))]))
            }
        }
        toOne.removeAll(keepingCapacity: true)
        for _ in 0..<integer(&position) {
            let present = buffer.load(fromByteOffset: position, as: UInt8.self) != Tag.null.rawValue
            position += 1
            toOne.append(present ? ObjectKey(entity: Int(integer(&position)), row: integer(&position)) : nil)
        }
        let relationships = Int(integer(&position))
        if destinations.count != relationships { destinations = Array(repeating: [], count: relationships) }
        for index in 0..<relationships {
            let count = Int(integer(&position))
            guard count > 0 else {
                destinations[index] = []
                continue
            }
            var keys: [ObjectKey] = []
            keys.reserveCapacity(count)
            for _ in 0..<count { keys.append(ObjectKey(entity: Int(integer(&position)), row: integer(&position))) }
            destinations[index] = keys
        }
        return key
    }

    private func integer(_ position: inout Int) -> Int64 {
        defer { position += 8 }
        return buffer.loadUnaligned(fromByteOffset: position, as: Int64.self)
    }

    private func bytes(_ position: inout Int) -> UnsafeRawBufferPointer {
        let length = Int(integer(&position))
        defer { position += length }
        return UnsafeRawBufferPointer(start: buffer + position, count: length)
    }
}
