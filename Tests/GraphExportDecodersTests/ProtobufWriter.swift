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
                        if run.style != nil || run.indent != 0 || run.done != nil {
                            message.message(2) { paragraph in
                                if let style = run.style { paragraph.varint(1, UInt64(style)) }
                                if run.indent != 0 { paragraph.varint(4, UInt64(run.indent)) }
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
