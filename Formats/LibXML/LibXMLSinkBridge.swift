import GraphExport

/// What libxml2's write callback, ``forwardToSink(context:buffer:length:)``, reaches through its
/// `void *` context: the output and the first error the sink threw, which ``LibXMLTextWriter``
/// rethrows after the libxml2 call that wrote.
final class LibXMLSinkBridge {
    /// The buffer in front of the sink.
    let output: OutputBuffer
    /// The first error the sink threw; nothing is written after it.
    var error: (any Error)?
    /// Set while the writer is being freed: libxml2's last flush is dropped, not written.
    var isDiscarding = false

    /// Creates a bridge to `output`.
    init(output: OutputBuffer) {
        self.output = output
    }
}

/// The `xmlOutputWriteCallback`: a C function pointer, so it captures nothing and finds its
/// ``LibXMLSinkBridge`` through `context`.
///
/// Its one policy for every error of the sink: keep it in the bridge, drop every byte after it,
/// and report success to libxml2. The writer checks the bridge after each libxml2 call and
/// rethrows the sink's own error, so a closed pipe (`EPIPE`, ``OutputError/brokenPipe``) ends the
/// export quietly and any other failure reaches the caller naming what failed. Returning -1
/// instead would make libxml2 print "I/O error : write error" on standard error, through a handler
/// that is global to the process, even for a reader that closed the pipe on purpose
/// (`graphexport -f graphml … | head`).
func forwardToSink(context: UnsafeMutableRawPointer?, buffer: UnsafePointer<CChar>?, length: Int32) -> Int32 {
    guard let context else { return -1 }
    let bridge = Unmanaged<LibXMLSinkBridge>.fromOpaque(context).takeUnretainedValue()
    guard !bridge.isDiscarding, bridge.error == nil, let buffer, length > 0 else { return length }
    do {
        try bridge.output.append(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    } catch {
        bridge.error = error
    }
    return length
}
