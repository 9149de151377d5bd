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
        keepsValuesAside.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
        count = 0
    }

    // MARK: - Filling

    /// Adds an object: `record`, with the destinations of its to-manys.
    func append(_ record: BorrowedRecord, destinations: [[ObjectKey]]) {
        slots.append(count)
        let aside = others.count
        put(Int64(record.key.entity))
        put(record.key.row)
        put(Int64(record.values.count))
        for value in record.values {
            switch value {
            case .null: put(Tag.null)
            case .integer(let integer):
                put(Tag.integer)
                put(integer)
            case .double(let double):
                put(Tag.double)
                put(Int64(bitPattern: double.bitPattern))
            case .boolean(let boolean): put(boolean ? Tag.trueValue : Tag.falseValue)
            case .date(let date):
                put(Tag.date)
                put(Int64(bitPattern: date.secondsSinceReferenceDate.bitPattern))
            case .text(let text):
                put(Tag.text)
                put(text)
            case .bytes(let bytes):
                put(Tag.bytes)
                put(bytes)
            case .other(.uuid(let uuid)):
                put(Tag.uuid)
                uuid.bytes.withUnsafeBytes { put(raw: $0) }
            case .other(.string(var text)):
                put(Tag.text)
                text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            case .other(.decimal(var text)):
                put(Tag.decimal)
                text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            case .other(.uri(var text)):
                put(Tag.uri)
                text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
            case .other(.binary(let bytes)):
                put(Tag.bytes)
                bytes.withUnsafeBytes { put($0) }
            case .other(let owned):
                put(Tag.other)
                put(Int64(others.count))
                others.append(owned)
            }
        }
        put(Int64(record.toOne.count))
        for key in record.toOne {
            guard let key else {
                put(Tag.null)
                continue
            }
            put(Tag.integer)
            put(key)
        }
        put(Int64(destinations.count))
        for keys in destinations {
            put(Int64(keys.count))
            for key in keys { put(key) }
        }
        keepsValuesAside.append(others.count > aside)
    }

    /// Adds the end of an entity.
    func appendEnd() {
        slots.append(nil)
        keepsValuesAside.append(false)
    }

    private func put(_ tag: Tag) {
        reserve(1)
        buffer.storeBytes(of: tag.rawValue, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    private func put(_ integer: Int64) {
        reserve(8)
        buffer.storeBytes(of: integer, toByteOffset: count, as: Int64.self)
        count += 8
    }

    private func put(_ key: ObjectKey) {
        put(Int64(key.entity))
        put(key.row)
    }

    /// A length, then the bytes.
    private func put(_ bytes: UnsafeRawBufferPointer) {
        put(Int64(bytes.count))
        put(raw: bytes)
    }

    private func put(raw bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        reserve(bytes.count)
        (buffer + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

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
        let end = slots[(slot + 1)...].lazy.compactMap { $0 }.first ?? count
        return UnsafeRawBufferPointer(start: buffer + start, count: end - start)
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
