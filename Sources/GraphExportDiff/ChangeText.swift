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
    /// The text of the value ``appendShown(_:entity:attribute:)`` appends, kept for its capacity.
    private var valueText: [UInt8] = []

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
        report(JSONText.appendValue(value, to: &bytes, splicing: &splices), entity: entity, attribute: attribute)
    }

    /// Appends `value` as ``append(_:entity:attribute:)`` does, for text meant for a terminal:
    /// what a terminal would act on that JSON leaves as it is (the C1 and bidirectional controls)
    /// shown as its code (``TerminalText/escaped(_:)``). The text of a file value is base64
    /// between quotes, appended as it is.
    mutating func appendShown(_ value: Value, entity: String, attribute: String) {
        valueText.removeAll(keepingCapacity: true)
        var files = FileSplices()
        report(JSONText.appendValue(value, to: &valueText, splicing: &files), entity: entity, attribute: attribute)
        if files.isEmpty, valueText.contains(where: { $0 < 0x20 || $0 >= 0x7F }) {
            bytes += TerminalText.escaped(String(decoding: valueText, as: UTF8.self)).utf8
        } else {
            files.move(from: 0, to: &splices, at: bytes.count)
            bytes += valueText
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

    /// Warns, once per attribute, of an `issue` JSON had with a value of `entity`'s `attribute`.
    private mutating func report(_ issue: JSONText.Issue?, entity: String, attribute: String) {
        guard let issue, let warning = warnings.warning(for: issue, entity: entity, attribute: attribute) else {
            return
        }
        onWarning(warning)
    }
}
