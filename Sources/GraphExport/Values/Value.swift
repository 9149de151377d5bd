/// One attribute value of one object, typed, with nothing lost from what the store holds.
public enum Value: Sendable, Hashable {
    /// No value (SQL `NULL`).
    case null
    /// An exact integer.
    case integer(Int64)
    /// A binary floating-point number, possibly NaN, infinite or negative zero.
    case double(Double)
    /// An exact decimal number, as its decimal text (`-12.50`, `3`, `0.000001`).
    case decimal(String)
    /// Unicode text.
    case string(String)
    /// A truth value.
    case boolean(Bool)
    /// A point in time.
    case date(Timestamp)
    /// Raw bytes.
    case binary([UInt8])
    /// Raw bytes that live in a file, read in chunks while they are written (``FileBytes``). A
    /// writer writes them exactly as it writes ``binary(_:)`` of the same bytes; one that does not
    /// take them (``GraphWriter/streamsFileBytes``) is given ``binary(_:)`` instead.
    case binaryFile(FileBytes)
    /// A universally unique identifier.
    case uuid(UUIDValue)
    /// A uniform resource identifier, as its text.
    case uri(String)
    /// An ordered list of values. Arrays and maps nest at most ``maximumNestingDepth`` levels; bytes
    /// inside them are ``binary(_:)``, never ``binaryFile(_:)``, which only an attribute holds.
    case array([Value])
    /// Values under text keys, in the order given (``ValueMap``). Arrays and maps nest at most
    /// ``maximumNestingDepth`` levels.
    case map(ValueMap)
}
