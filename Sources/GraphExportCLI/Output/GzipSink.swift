internal import CZlib
import GraphExport

/// A sink that gzip-compresses what it is given into another sink, streamed in chunks (`-o
/// out.json.gz`): ``finish()`` writes the end of the stream, after which the bytes written are
/// one complete gzip file.
final class GzipSink: ByteSink {
    private let target: any ByteSink
    private let path: String
    private var stream = z_stream()
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var isFinished = false

    /// Compresses into `target`, the output written to `path` (for messages).
    init(into target: any ByteSink, path: String) throws {
        self.target = target
        self.path = path
        // 15 bits of window, plus 16 for a gzip header and trailer rather than zlib's.
        let status = gx_deflate_init2(&stream, Z_DEFAULT_COMPRESSION, 15 + 16)
        guard status == Z_OK else { throw CommandError.gzipFailed(path: path, status: status) }
    }

    deinit {
        deflateEnd(&stream)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(bytes.count)
        try deflateAll(flush: Z_NO_FLUSH)
    }

    /// Compresses what is left and writes the end of the gzip stream.
    func finish() throws {
        guard !isFinished else { return }
        isFinished = true
        stream.next_in = nil
        stream.avail_in = 0
        try deflateAll(flush: Z_FINISH)
    }

    /// Runs deflate until it has taken all input (and, for `Z_FINISH`, ended the stream), writing
    /// each full chunk to the target.
    private func deflateAll(flush: Int32) throws {
        repeat {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                let status = deflate(&stream, flush)
                return (status, buffer.count - Int(stream.avail_out))
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw CommandError.gzipFailed(path: path, status: status)
            }
            if produced > 0 {
                try chunk.withUnsafeBytes { try target.write(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
            }
            if flush == Z_FINISH ? status == Z_STREAM_END : stream.avail_out != 0 { return }
        } while true
    }
}
