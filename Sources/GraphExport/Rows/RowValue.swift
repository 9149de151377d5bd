/// One attribute value as a source holds it while its row is current: a ``Value`` whose text and
/// bytes are not copied out of the source's buffer.
///
/// Given to ``GraphWriter/beginObject(_:at:)`` inside an ``ObjectRow``. The buffers of ``text(_:)``
/// and ``bytes(_:)`` belong to the source and are valid only during that call: a writer that
/// keeps a value past it keeps ``value``, which copies them.
public enum RowValue {
    /// No value (SQL `NULL`).
    case null
    /// An exact integer.
    case integer(Int64)
    /// A binary floating-point number, possibly NaN, infinite or negative zero.
    case double(Double)
    /// A truth value.
    case boolean(Bool)
    /// A point in time.
    case date(Timestamp)
    /// Unicode text: bytes that are valid UTF-8, borrowed from the source.
    case text(UnsafeRawBufferPointer)
    /// Raw bytes, borrowed from the source.
    case bytes(UnsafeRawBufferPointer)
    /// Any other value, owned: decimals, URIs, UUIDs, files, arrays and maps.
    case other(Value)

    /// The value, its text and bytes copied: ``Value/string(_:)`` for ``text(_:)``,
    /// ``Value/binary(_:)`` for ``bytes(_:)``.
    public var value: Value {
        switch self {
        case .null: return .null
        case .integer(let integer): return .integer(integer)
        case .double(let double): return .double(double)
        case .boolean(let boolean): return .boolean(boolean)
        case .date(let date): return .date(date)
        case .text(let text): return .string(String(decoding: text, as: UTF8.self))
        case .bytes(let bytes): return .binary(Array(bytes))
        case .other(let value): return value
        }
    }

    /// The value for `value`, borrowing nothing: what a source that holds whole values gives.
    public init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .double(let double): self = .double(double)
        case .boolean(let boolean): self = .boolean(boolean)
        case .date(let date): self = .date(date)
        default: self = .other(value)
        }
    }
}
