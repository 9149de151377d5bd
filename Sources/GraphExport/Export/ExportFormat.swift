/// An output format with its settings, as ``GraphExporter`` takes it: a recipe for a
/// ``GraphWriter`` that writes to a given sink.
///
/// Each format module adds a static factory, so that a format reads as `.json(pretty: true)`,
/// `.xml()` or `.yaml()` wherever an `ExportFormat` is expected:
///
/// ```swift
/// extension ExportFormat {
///     public static func json(pretty: Bool = false) -> ExportFormat {
///         ExportFormat(name: "json") { sink, onWarning in
///             JSONGraphWriter(sink: sink, options: JSONOptions(pretty: pretty), onWarning: onWarning)
///         }
///     }
/// }
/// ```
///
/// A format the program only knows by its ``FormatDescriptor`` (one picked from a
/// ``FormatRegistry`` by name) becomes an `ExportFormat` with ``init(_:options:)``.
public struct ExportFormat: Sendable {
    /// The format's name (`json`), for messages.
    public let name: String
    /// Makes a writer that writes one document to the sink and reports warnings to the handler.
    public let makeWriter: @Sendable (any ByteSink, @escaping WarningHandler) -> any GraphWriter

    /// Creates a format from its name and the function that makes its writers.
    public init(
        name: String, makeWriter: @escaping @Sendable (any ByteSink, @escaping WarningHandler) -> any GraphWriter
    ) {
        self.name = name
        self.makeWriter = makeWriter
    }

    /// The format a registry's descriptor describes, with `options` for its writers.
    public init(_ descriptor: FormatDescriptor, options: FormatOptions = FormatOptions()) {
        self.name = descriptor.name
        self.makeWriter = { sink, onWarning in descriptor.makeWriter(sink, options, onWarning) }
    }
}
