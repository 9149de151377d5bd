/// One protocol-buffer message in its wire format, read field by field without a schema: what a
/// decoder that knows the field numbers walks (docs/NOTES.md lists the ones Apple Notes uses).
///
/// The reader is bounded by its input: every length is checked against the bytes left before
/// anything is read, a varint has at most 10 bytes, groups (wire types 3 and 4) are refused, and
/// nothing is allocated but the ``Field`` being read: a length-delimited field is a slice of the
/// same bytes, read further only when the caller asks (``Field/message``). A message nests as
/// deep as the caller follows it, which a decoder fixes by the layout it reads.
struct ProtobufMessage {
    /// The message's bytes.
    let bytes: ArraySlice<UInt8>

    /// The message made of `bytes`.
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// The message made of all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// A field's value as the wire format holds it.
    enum Payload: Equatable {
        /// Wire type 0: an integer of up to 64 bits (an `int32`, `int64`, `uint64`, `bool`, enum).
        case varint(UInt64)
        /// Wire type 1: eight bytes (a `double`, `fixed64`).
        case fixed64(UInt64)
        /// Wire type 5: four bytes (a `float`, `fixed32`).
        case fixed32(UInt32)
        /// Wire type 2: bytes (a string, `bytes`, or an embedded message).
        case bytes(ArraySlice<UInt8>)
    }

    /// One field of a message.
    struct Field: Equatable {
        /// The field number.
        let number: Int
        /// Its value.
        let payload: Payload

        /// The field as an integer; throws for another wire type.
        func integer() throws(ProtobufError) -> UInt64 {
            guard case .varint(let value) = payload else { throw .wrongWireType(field: number, expected: "varint") }
            return value
        }

        /// The field as an embedded message; throws for another wire type.
        func message() throws(ProtobufError) -> ProtobufMessage {
            guard case .bytes(let bytes) = payload else {
                throw .wrongWireType(field: number, expected: "length-delimited")
            }
            return ProtobufMessage(bytes)
        }

        /// The field as UTF-8 text; throws for another wire type or bytes that are not UTF-8.
        func text() throws(ProtobufError) -> String {
            guard case .bytes(let bytes) = payload else {
                throw .wrongWireType(field: number, expected: "length-delimited")
            }
            // Decoding repairs what is not UTF-8 (with U+FFFD), so the bytes are UTF-8 exactly when
            // the text's are the same; unlike `String(validating:)`, this needs no generic
            // metadata looked up at run time for each text.
            let text = String(decoding: bytes, as: UTF8.self)
            let same = text.utf8.withContiguousStorageIfAvailable { decoded in
                decoded.count == bytes.count && bytes.withUnsafeBufferPointer { decoded.elementsEqual($0) }
            }
            guard same ?? text.utf8.elementsEqual(bytes) else { throw .invalidUTF8(field: number) }
            return text
        }

        /// The field's bytes; throws for another wire type.
        func data() throws(ProtobufError) -> ArraySlice<UInt8> {
            guard case .bytes(let bytes) = payload else {
                throw .wrongWireType(field: number, expected: "length-delimited")
            }
            return bytes
        }
    }

    /// Calls `body` with each field, in the order the bytes hold them; throws
    /// ``ProtobufError`` at the first field that cannot be read.
    func forEachField(_ body: (Field) throws(ProtobufError) -> Void) throws(ProtobufError) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let key = try varint(at: &index)
            let number = key >> 3
            guard number > 0, number <= 536_870_911 else { throw .badFieldNumber(offset: index - bytes.startIndex) }
            let payload: Payload
            switch key & 7 {
            case 0:
                payload = .varint(try varint(at: &index))
            case 1:
                payload = .fixed64(try fixed(8, at: &index))
            case 5:
                payload = .fixed32(UInt32(try fixed(4, at: &index)))
            case 2:
                let length = try varint(at: &index)
                guard length <= UInt64(bytes.endIndex - index) else {
                    throw .truncated(offset: index - bytes.startIndex)
                }
                let end = index + Int(length)
                payload = .bytes(bytes[index..<end])
                index = end
            case let wireType:
                throw .unsupportedWireType(Int(wireType), field: Int(number))
            }
            try body(Field(number: Int(number), payload: payload))
        }
    }

    /// The last field numbered `number` (the one protocol buffers keep for a non-repeated
    /// field), or `nil`.
    func field(_ number: Int) throws(ProtobufError) -> Field? {
        var found: Field?
        try forEachField { field throws(ProtobufError) in
            if field.number == number { found = field }
        }
        return found
    }

    /// The last field numbered `number`; throws when there is none. `message` names the message
    /// for the error.
    func required(_ number: Int, in message: String) throws(ProtobufError) -> Field {
        guard let field = try field(number) else { throw .missingField(message: message, field: number) }
        return field
    }

    private func varint(at index: inout Int) throws(ProtobufError) -> UInt64 {
        // Most keys and values are one byte.
        if index < bytes.endIndex, bytes[index] < 0x80 {
            index += 1
            return UInt64(bytes[index - 1])
        }
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard index < bytes.endIndex else { throw .truncated(offset: index - bytes.startIndex) }
            let byte = bytes[index]
            index += 1
            guard shift < 63 || byte <= 1 else { throw .overlongVarint(offset: index - bytes.startIndex) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
        }
        throw .overlongVarint(offset: index - bytes.startIndex)
    }

    private func fixed(_ count: Int, at index: inout Int) throws(ProtobufError) -> UInt64 {
        guard bytes.endIndex - index >= count else { throw .truncated(offset: index - bytes.startIndex) }
        var value: UInt64 = 0
        for position in 0..<count { value |= UInt64(bytes[index + position]) << (8 * UInt64(position)) }
        index += count
        return value
    }
}

/// Why protocol-buffer bytes cannot be read; each case completes "the … cannot be read: …".
enum ProtobufError: Error, Equatable, CustomStringConvertible {
    /// A field or length runs past the end of its message.
    case truncated(offset: Int)
    /// A varint longer than 10 bytes, or one that does not fit 64 bits.
    case overlongVarint(offset: Int)
    /// A field number of 0 or above 2^29 − 1.
    case badFieldNumber(offset: Int)
    /// Wire types 3 and 4 (groups, long deprecated) and 6 and 7 (undefined).
    case unsupportedWireType(Int, field: Int)
    /// A field of the layout holds another wire type than the layout says.
    case wrongWireType(field: Int, expected: String)
    /// A text field is not UTF-8.
    case invalidUTF8(field: Int)
    /// A field the layout needs is absent.
    case missingField(message: String, field: Int)
    /// A value is out of the range the layout allows; `what` says which.
    case outOfRange(String)

    var description: String {
        switch self {
        case .truncated(let offset): "a field runs past the end of its message (at byte \(offset) of it)"
        case .overlongVarint(let offset): "a varint is longer than 64 bits (at byte \(offset) of its message)"
        case .badFieldNumber(let offset): "a field number is 0 or too large (at byte \(offset) of its message)"
        case .unsupportedWireType(let type, let field): "field \(field) has wire type \(type), which is not read"
        case .wrongWireType(let field, let expected): "field \(field) is not a \(expected) field"
        case .invalidUTF8(let field): "the text of field \(field) is not UTF-8"
        case .missingField(let message, let field): "the \(message) has no field \(field)"
        case .outOfRange(let what): what
        }
    }
}
