import GraphExport
import GraphExportJSONText

/// The text of one change as a diff writer makes it, and where it goes: values in the JSON
/// export's text (`JSONText`), the base64 of file values streamed into place when the text is
/// handed on, and the JSON export's warnings about values JSON cannot hold, once per attribute.
/// What ``DiffTextWriter`` and ``DiffJSONLinesWriter`` share.
struct ChangeText {
    /// The text being made.
    var bytes: [UInt8] = []
    private let output: OutputBuffer
    private let onWarning: WarningHandler
    private var splices = FileSplices()
    private var warnings = JSONValueWarnings()

    init(sink: any ByteSink, onWarning: @escaping WarningHandler) {
        self.output = OutputBuffer(sink: sink)
        self.onWarning = onWarning
    }

    /// Appends UTF-8 text.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `value` as the JSON export writes it, warning as it does about a value of
    /// `entity`'s `attribute` that JSON cannot hold as such.
    mutating func append(_ value: Value, entity: String, attribute: String) {
        guard let issue = JSONText.appendValue(value, to: &bytes, splicing: &splices),
            let warning = warnings.warning(for: issue, entity: entity, attribute: attribute)
        else { return }
        onWarning(warning)
    }

    /// Appends `value` as ``append(_:entity:attribute:)`` does, for text meant for a terminal:
    /// what a terminal would act on that JSON leaves as it is (the C1 and bidirectional controls)
    /// shown as its code (``TerminalText/escaped(_:)``). A value that holds a file is appended as
    /// it is: its place in the text, where the file's base64 goes, must not move.
    mutating func appendShown(_ value: Value, entity: String, attribute: String) {
        let start = bytes.count
        append(value, entity: entity, attribute: attribute)
        guard bytes[start...].contains(where: { $0 < 0x20 || $0 >= 0x7F }), !Self.holdsFile(value) else { return }
        let shown = TerminalText.escaped(String(decoding: bytes[start...], as: UTF8.self))
        bytes.replaceSubrange(start..., with: shown.utf8)
    }

    /// Whether `value` is or holds a file (``Value/binaryFile(_:)``).
    private static func holdsFile(_ value: Value) -> Bool {
        switch value {
        case .binaryFile: true
        case .array(let elements): elements.contains(where: holdsFile)
        case .map(let map): map.contains { holdsFile($0.value) }
        default: false
        }
    }

    /// Hands the text made (file values streamed into place) to the output, and starts anew.
    mutating func handOn() throws {
        try splices.write(bytes, to: output)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Flushes everything handed on to the sink.
    func flush() throws {
        try output.flush()
    }
}
