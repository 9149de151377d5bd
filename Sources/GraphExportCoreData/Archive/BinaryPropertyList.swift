/// Reads Apple's binary property list format, `bplist00`, without Foundation.
///
/// The layout: an 8-byte header, the objects, a table of object offsets, and a 32-byte trailer
/// (offset size, reference size, object count, top object, offset-table offset). Every offset,
/// length and reference is checked against the bytes before it is used, so damaged or hostile
/// input throws ``ArchiveError/malformedPropertyList(source:defect:)`` and never crashes or hangs:
///
/// - each object is decoded once, however many containers refer to it, so shared objects cost
///   no extra work (no "billion laughs");
/// - a container that contains itself is an error, and so is nesting deeper than
///   ``maximumDepth``;
/// - a declared count is checked against the bytes left before anything is allocated for it.
///
/// Object markers read: null/false/true (`0x00`, `0x08`, `0x09`), integers (`0x1_`, 1 to 16
/// bytes), reals (`0x22`, `0x23`), dates (`0x33`), data (`0x4_`), ASCII (`0x5_`), UTF-16BE
/// (`0x6_`) and UTF-8 (`0x7_`) strings, UIDs (`0x8_`), arrays (`0xA_`), sets (`0xC_`, read as
/// arrays) and dictionaries (`0xD_`). Others (fill `0x0F`, URLs, UUIDs, ordered sets) are errors.
enum BinaryPropertyList {
    /// How deep containers may nest. Keyed archives and store metadata nest 3 or 4 deep.
    static let maximumDepth = 128

    /// Parses a whole binary property list and returns its top object.
    ///
    /// - Parameter source: names the bytes in errors (a path, or a path and a column).
    static func parse(_ bytes: [UInt8], source: String) throws -> PropertyListValue {
        var parser = try Parser(bytes: bytes, source: source)
        return try parser.object(parser.topObject, depth: 0)
    }

    /// Whether `bytes` start with the `bplist00` header.
    static func hasHeader(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: header)
    }

    private static let header: [UInt8] = Array("bplist00".utf8)
    private static let trailerSize = 32

    private struct Parser {
        let bytes: [UInt8]
        let source: String
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        /// Where the offset table starts, which is also where object data must end.
        let tableStart: Int
        private var decoded: [Int: PropertyListValue] = [:]
        private var inProgress: Set<Int> = []

        init(bytes: [UInt8], source: String) throws {
            self.bytes = bytes
            self.source = source
            guard !bytes.isEmpty else {
                throw ArchiveError.malformedPropertyList(source: source, defect: .empty)
            }
            guard BinaryPropertyList.hasHeader(bytes) else {
                throw ArchiveError.malformedPropertyList(source: source, defect: .missingHeader)
            }
            let trailer = bytes.count - BinaryPropertyList.trailerSize
            guard trailer >= BinaryPropertyList.header.count else {
                throw Self.trailerError(source, "the data is only \(bytes.count) bytes long")
            }
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw Self.trailerError(
                    source, "offset size \(offsetSize) and reference size \(referenceSize) must be 1 to 8")
            }
            let count = Self.readUnsigned(bytes, at: trailer + 8, size: 8)
            let top = Self.readUnsigned(bytes, at: trailer + 16, size: 8)
            let table = Self.readUnsigned(bytes, at: trailer + 24, size: 8)
            // Every object takes at least one byte, so a count above the size is a lie.
            guard count >= 1, count <= UInt64(trailer) else {
                throw Self.trailerError(source, "it declares \(count) objects in \(bytes.count) bytes")
            }
            guard top < count else {
                throw Self.trailerError(source, "the top object \(top) is not one of the \(count) objects")
            }
            let tableSize = count * UInt64(offsetSize)
            guard table >= UInt64(BinaryPropertyList.header.count), table <= UInt64(trailer),
                tableSize <= UInt64(trailer) - table
            else {
                throw Self.trailerError(
                    source, "the offset table (\(tableSize) bytes at \(table)) does not fit before the trailer")
            }
            objectCount = Int(count)
            topObject = Int(top)
            tableStart = Int(table)
        }

        /// Decodes object `index`, or returns it if already decoded.
        mutating func object(_ index: Int, depth: Int) throws -> PropertyListValue {
            if let value = decoded[index] { return value }
            guard depth <= BinaryPropertyList.maximumDepth else {
                throw defect(.tooDeep(limit: BinaryPropertyList.maximumDepth))
            }
            guard inProgress.insert(index).inserted else { throw defect(.cycle(object: index)) }
            defer { inProgress.remove(index) }
            let value = try decode(index, at: try offset(of: index), depth: depth)
            decoded[index] = value
            return value
        }

        private mutating func decode(_ index: Int, at offset: Int, depth: Int) throws -> PropertyListValue {
            let marker = bytes[offset]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x00: return .null
                case 0x08: return .boolean(false)
                case 0x09: return .boolean(true)
                default: throw defect(.unknownMarker(object: index, marker: marker))
                }
            case 0x1:
                return try integer(index, at: offset, sizeExponent: low)
            case 0x2 where low == 2:
                let bits = try fixed(index, at: offset + 1, size: 4)
                return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
            case 0x2 where low == 3:
                return .real(Double(bitPattern: try fixed(index, at: offset + 1, size: 8)))
            case 0x3 where low == 3:
                return .date(Double(bitPattern: try fixed(index, at: offset + 1, size: 8)))
            case 0x4:
                let (start, count) = try span(index, at: offset, low: low, unitSize: 1)
                return .data(Array(bytes[start..<start + count]))
            case 0x5:
                let (start, count) = try span(index, at: offset, low: low, unitSize: 1)
                let slice = bytes[start..<start + count]
                guard slice.allSatisfy({ $0 < 0x80 }) else { throw defect(.invalidString(object: index)) }
                return .string(String(decoding: slice, as: UTF8.self))
            case 0x6:
                let (start, count) = try span(index, at: offset, low: low, unitSize: 2)
                let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw defect(.invalidString(object: index))
                }
                return .string(text)
            case 0x7:
                let (start, count) = try span(index, at: offset, low: low, unitSize: 1)
                guard let text = String(validating: bytes[start..<start + count], as: UTF8.self) else {
                    throw defect(.invalidString(object: index))
                }
                return .string(text)
            case 0x8 where low < 8:
                return .uid(try fixed(index, at: offset + 1, size: low + 1))
            case 0xA, 0xC:
                let (start, count) = try span(index, at: offset, low: low, unitSize: referenceSize)
                return .array(try references(index, at: start, count: count, depth: depth))
            case 0xD:
                let (start, count) = try span(index, at: offset, low: low, unitSize: 2 * referenceSize)
                return .dictionary(try dictionary(index, at: start, count: count, depth: depth))
            default:
                throw defect(.unknownMarker(object: index, marker: marker))
            }
        }

        /// An integer object: 1, 2 and 4-byte integers are unsigned, 8-byte ones signed, 16-byte
        /// ones signed 128-bit (kept when the value fits in 64 bits).
        private func integer(_ index: Int, at offset: Int, sizeExponent: Int) throws -> PropertyListValue {
            switch sizeExponent {
            case 0...2:
                return .integer(Int64(try fixed(index, at: offset + 1, size: 1 << sizeExponent)))
            case 3:
                return .integer(Int64(bitPattern: try fixed(index, at: offset + 1, size: 8)))
            case 4:
                let high = try fixed(index, at: offset + 1, size: 8)
                let low = try fixed(index, at: offset + 9, size: 8)
                if high == 0 {
                    return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
                }
                if high == UInt64.max, low > UInt64(Int64.max) {
                    return .integer(Int64(bitPattern: low))
                }
                throw defect(.integerTooLarge(object: index))
            default:
                throw defect(.unknownMarker(object: index, marker: bytes[offset]))
            }
        }

        private mutating func references(
            _ index: Int, at start: Int, count: Int, depth: Int
        ) throws -> [PropertyListValue] {
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for position in 0..<count {
                let reference = try self.reference(index, at: start + position * referenceSize)
                elements.append(try object(reference, depth: depth + 1))
            }
            return elements
        }

        private mutating func dictionary(
            _ index: Int, at start: Int, count: Int, depth: Int
        ) throws -> PropertyListDictionary {
            var entries: [(key: String, value: PropertyListValue)] = []
            entries.reserveCapacity(count)
            let valuesStart = start + count * referenceSize
            for position in 0..<count {
                let keyReference = try reference(index, at: start + position * referenceSize)
                guard case .string(let key) = try object(keyReference, depth: depth + 1) else {
                    throw defect(.nonStringKey(object: index))
                }
                let valueReference = try reference(index, at: valuesStart + position * referenceSize)
                entries.append((key, try object(valueReference, depth: depth + 1)))
            }
            do {
                return try PropertyListDictionary(entries: entries)
            } catch {
                throw defect(.duplicateKey(object: index, key: error.key))
            }
        }

        /// The start and element count of a variable-length object whose count is in the marker's
        /// low nibble, or, when that is `0xF`, in the integer object that follows the marker.
        private func span(_ index: Int, at offset: Int, low: Int, unitSize: Int) throws -> (start: Int, count: Int) {
            var start = offset + 1
            var count = low
            if low == 0x0F {
                guard start < tableStart else { throw defect(.lengthOutOfRange(object: index, length: 1)) }
                let marker = bytes[start]
                let size = 1 << Int(marker & 0x0F)
                guard marker >> 4 == 0x1, size <= 8 else { throw defect(.invalidLength(object: index)) }
                let value = try fixed(index, at: start + 1, size: size)
                guard value <= UInt64(Int.max) else { throw defect(.invalidLength(object: index)) }
                count = Int(value)
                start += 1 + size
            }
            guard count <= (tableStart - start) / unitSize else {
                throw defect(.lengthOutOfRange(object: index, length: UInt64(count)))
            }
            return (start, count)
        }

        /// A big-endian unsigned integer of `size` bytes inside the object data.
        private func fixed(_ index: Int, at offset: Int, size: Int) throws -> UInt64 {
            guard size <= tableStart - offset else {
                throw defect(.lengthOutOfRange(object: index, length: UInt64(size)))
            }
            return Self.readUnsigned(bytes, at: offset, size: size)
        }

        /// An object reference inside container `index`, checked against the object count.
        private func reference(_ index: Int, at offset: Int) throws -> Int {
            let reference = Self.readUnsigned(bytes, at: offset, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw defect(.referenceOutOfRange(object: index, reference: reference))
            }
            return Int(reference)
        }

        /// Where object `index` starts, from the offset table.
        private func offset(of index: Int) throws -> Int {
            let offset = Self.readUnsigned(bytes, at: tableStart + index * offsetSize, size: offsetSize)
            guard offset >= UInt64(BinaryPropertyList.header.count), offset < UInt64(tableStart) else {
                throw defect(.offsetOutOfRange(object: index, offset: offset))
            }
            return Int(offset)
        }

        private func defect(_ defect: ArchiveError.PropertyListDefect) -> ArchiveError {
            .malformedPropertyList(source: source, defect: defect)
        }

        private static func trailerError(_ source: String, _ reason: String) -> ArchiveError {
            .malformedPropertyList(source: source, defect: .invalidTrailer(reason))
        }

        /// Reads `size` (1 to 8) big-endian bytes; the caller has checked the range.
        private static func readUnsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] {
                value = value << 8 | UInt64(byte)
            }
            return value
        }
    }
}
