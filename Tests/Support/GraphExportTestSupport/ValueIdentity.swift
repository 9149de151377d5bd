public import GraphExport

extension Value {
    /// Whether two values are the same down to the bits: doubles and dates compare by bit pattern
    /// (so NaN equals the same NaN and `-0.0` differs from `0.0`), text compares by its UTF-8 bytes
    /// (so precomposed and decomposed accents differ), arrays and maps element by element (keys by
    /// their UTF-8 bytes), and bytes by their bytes, wherever they
    /// live: a file value is read to be compared with bytes or with another file, unless both are
    /// the same file (a file that cannot be read is identical to no bytes).
    ///
    /// `==` is not enough for a lossless export: it says `.double(.nan) != .double(.nan)` and
    /// treats canonically equivalent strings as equal.
    public func isIdentical(to other: Value) -> Bool {
        switch (self, other) {
        case (.double(let left), .double(let right)):
            return left.bitPattern == right.bitPattern
        case (.date(let left), .date(let right)):
            return left.secondsSinceReferenceDate.bitPattern == right.secondsSinceReferenceDate.bitPattern
        case (.string(let left), .string(let right)), (.decimal(let left), .decimal(let right)),
            (.uri(let left), .uri(let right)):
            return left.utf8.elementsEqual(right.utf8)
        case (.binaryFile(let left), .binaryFile(let right)):
            return left == right || (try? left.readAll()).map { $0 == (try? right.readAll()) } ?? false
        case (.binaryFile(let file), .binary(let bytes)), (.binary(let bytes), .binaryFile(let file)):
            return file.count == bytes.count && (try? file.readAll()) == bytes
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.map(let left), .map(let right)):
            return left.count == right.count
                && zip(left, right).allSatisfy {
                    $0.key.utf8.elementsEqual($1.key.utf8) && $0.value.isIdentical(to: $1.value)
                }
        default:
            return self == other
        }
    }
}
