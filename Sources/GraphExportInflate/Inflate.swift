import CZlib

/// DEFLATE decompression through zlib, with a cap on the output size. The value decoders
/// (`GraphExportDecoders`) use it for gzip streams.
package enum Inflate {
    /// The output cap used when none is given: far above any real model (a few KB to a few
    /// hundred KB), far below what would hurt.
    package static let defaultLimit = 64 << 20

    /// How the compressed bytes are framed.
    package enum Framing {
        /// Bare RFC 1951 DEFLATE (zlib window bits -15): what Core Data writes to `Z_MODELCACHE`.
        case raw
        /// RFC 1950 zlib: a 2-byte header (`78 …`), DEFLATE, an Adler-32 checksum.
        case zlib
        /// RFC 1952 gzip: a 10-byte header (`1f 8b …`), DEFLATE, a CRC-32 and the size: what Apple
        /// Notes writes to `ICNoteData.data` (zlib window bits 15 + 16).
        case gzip

        fileprivate var windowBits: Int32 {
            switch self {
            case .raw: return -15
            case .zlib: return 15
            case .gzip: return 31
            }
        }
    }

    /// Decompresses one DEFLATE stream; bytes after its end are ignored.
    ///
    /// - Throws: ``InflateError/corrupt(source:reason:)`` for damaged or truncated
    ///   data, ``InflateError/tooLarge(source:limit:)`` as soon as the output would pass
    ///   `limit` bytes.
    package static func decompress(
        _ bytes: [UInt8], framing: Framing, limit: Int = defaultLimit, source: String
    ) throws -> [UInt8] {
        guard bytes.count <= Int(UInt32.max) else {
            throw InflateError.corrupt(
                source: source, reason: "\(bytes.count) bytes is more than one zlib call can take")
        }
        var stream = z_stream()
        guard gx_inflate_init2(&stream, framing.windowBits) == Z_OK else {
            throw InflateError.corrupt(source: source, reason: "zlib could not start (out of memory)")
        }
        defer { inflateEnd(&stream) }
        // Each piece of output is inflated straight into a new array's uninitialized storage.
        // The first is the size gzip's trailer gives (the inflated size, modulo 2^32, in its
        // last 4 bytes: a hint only, capped by the limit and DEFLATE's largest ratio), so that
        // one piece usually holds it all and is returned as it is; with 512 bytes to spare,
        // since zlib decodes fast only while 258 bytes of output are left.
        var pieceSize = min(64 * 1024, max(4096, bytes.count * 8))
        if framing == .gzip, bytes.count >= 18 {
            let size = bytes[(bytes.count - 4)...].reversed().reduce(0) { $0 << 8 | Int($1) }
            pieceSize = min(size, limit, bytes.count * 1032) + 512
        }
        var output: [UInt8] = []
        return try bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                var status = Z_OK
                let piece = [UInt8](unsafeUninitializedCapacity: pieceSize) { buffer, count in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    count = buffer.count - Int(stream.avail_out)
                }
                let produced = piece.count
                pieceSize = 64 * 1024
                guard produced <= limit - output.count else {
                    throw InflateError.tooLarge(source: source, limit: limit)
                }
                if output.isEmpty { output = piece } else { output.append(contentsOf: piece) }
                switch status {
                case Z_STREAM_END:
                    return output
                case Z_OK:
                    continue
                case Z_BUF_ERROR where produced == 0:
                    throw InflateError.corrupt(
                        source: source, reason: "the data ends before the end of the DEFLATE stream")
                case Z_BUF_ERROR:
                    continue
                case Z_NEED_DICT:
                    throw InflateError.corrupt(
                        source: source, reason: "the zlib stream needs a preset dictionary")
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                    throw InflateError.corrupt(source: source, reason: message)
                }
            }
        }
    }
}
