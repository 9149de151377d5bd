/// The decimal digits of an integer, written into a buffer without making a `String`: the one
/// integer formatter behind ``ObjectID``'s text and the JSON text of integers
/// (`JSONText.appendInteger(_:to:)`, in GraphExportJSONText).
///
/// The type is `public` with only `package` members so that `write(_:into:at:)` inlines into the
/// JSON text module: Swift 6.3 does not inline `@inlinable` members of a `package` type across
/// modules (`docs/PERFORMANCE.md`, *Inlining across modules*).
public enum IntegerDigits {
    /// The most bytes ``write(_:into:at:)`` writes: 19 digits and a minus sign.
    @inlinable package static var maximumCount: Int { 20 }

    /// Writes the decimal digits of `number`, with a minus sign when negative, at `offset`, where
    /// `buffer` has room for ``maximumCount`` bytes, and returns how many bytes it wrote.
    @inlinable
    package static func write(_ number: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        var count = 0
        if number < 0 {
            buffer[offset] = UInt8(ascii: "-")
            count = 1
        }
        var magnitude = number.magnitude
        let start = offset + count
        repeat {
            buffer[offset + count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            count += 1
        } while magnitude != 0
        var low = start
        var high = offset + count - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
        return count
    }
}
