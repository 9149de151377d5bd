import GraphExport
import GraphExportJSONText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When two attribute values are the same: exactly when the JSON export writes them alike
/// (`JSONText`), found without writing them where the two are of one kind.
///
/// Text and bytes compare by their bytes (not by Unicode equivalence); floating-point numbers and
/// dates by their bits, except that every NaN is one (`"NaN"`), so `0.0` and `-0.0` differ; a
/// file's bytes compare by their contents, with inline bytes too; arrays element by element and
/// maps entry by entry, in order. Values of different kinds are the same when their JSON is (text
/// and a URI of that text): the integer `1` and the number `1.0` are not.
enum ExportedValue {
    /// Whether `left` and `right`, values of one attribute of the two copies, are the same.
    ///
    /// Throws ``GraphExport/FileValueError`` when a file value cannot be read.
    static func same(_ left: RowValue, _ right: RowValue) throws -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return same(a, b)
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.date(let a), .date(let b)): return same(a.secondsSinceReferenceDate, b.secondsSinceReferenceDate)
        case (.text(let a), .text(let b)), (.bytes(let a), .bytes(let b)): return same(a, b)
        default: return try same(left.value, right.value)
        }
    }

    /// Whether two owned values are the same, by the rules above.
    static func same(_ left: Value, _ right: Value) throws -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return same(a, b)
        case (.decimal(let a), .decimal(let b)), (.string(let a), .string(let b)), (.uri(let a), .uri(let b)):
            return a.utf8.elementsEqual(b.utf8)
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.date(let a), .date(let b)): return same(a.secondsSinceReferenceDate, b.secondsSinceReferenceDate)
        case (.binary(let a), .binary(let b)): return a == b
        case (.binaryFile(let a), .binaryFile(let b)): return try a.hasSameBytes(as: b)
        case (.binary(let bytes), .binaryFile(let file)), (.binaryFile(let file), .binary(let bytes)):
            return try same(file, bytes)
        case (.binaryFile, _), (_, .binaryFile):
            return false
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where try !same(x, y) { return false }
            return true
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard x.key.utf8.elementsEqual(y.key.utf8), try same(x.value, y.value) else { return false }
            }
            return true
        default:
            return json(left) == json(right)
        }
    }

    /// The JSON text of a value that holds no file.
    private static func json(_ value: Value) -> [UInt8] {
        var text: [UInt8] = []
        JSONText.appendValue(value, to: &text)
        return text
    }

    /// Same bits, or both NaN.
    private static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether the file holds exactly `bytes`, read chunk by chunk up to the first that differs.
    private static func same(_ file: FileBytes, _ bytes: [UInt8]) throws -> Bool {
        guard file.count == bytes.count else { return false }
        var offset = 0
        var isSame = true
        try bytes.withUnsafeBytes { all in
            try file.forEachChunk { chunk in
                guard isSame else { return }
                isSame = same(chunk, UnsafeRawBufferPointer(rebasing: all[offset..<offset + chunk.count]))
                offset += chunk.count
            }
        }
        return isSame
    }
}
