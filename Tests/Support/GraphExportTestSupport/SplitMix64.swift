/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The same seed gives the same numbers on every platform and toolchain: the helpers below do
/// their own range reduction rather than rely on the standard library's unspecified algorithms.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `range`; the bias of the multiply-shift reduction is below 2⁻³² for the small
    /// ranges tests use.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        if width == 0 { return Int(truncatingIfNeeded: next()) }
        let offset = next().multipliedFullWidth(by: width).high
        return Int(truncatingIfNeeded: Int64(range.lowerBound) &+ Int64(bitPattern: offset))
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A number in `0..<1` with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A random element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element where C.Index == Int {
        precondition(!elements.isEmpty, "pick(_:) needs at least one element")
        return elements[elements.startIndex + int(in: 0...(elements.count - 1))]
    }

    /// `elements` in a random order (Fisher–Yates).
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        for index in result.indices.dropLast().reversed() {
            result.swapAt(index, int(in: index...(result.count - 1)))
        }
        return result
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
