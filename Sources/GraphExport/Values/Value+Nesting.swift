extension Value {
    /// How many levels of arrays and maps a value may nest: `[[1]]` nests two, a scalar none.
    ///
    /// The stream validator rejects a deeper value (``GraphStreamError/valueNestedTooDeeply(name:id:)``),
    /// and the readers never make one, so that every writer may write nesting by recursion.
    public static let maximumNestingDepth = 64

    /// Whether the value nests arrays and maps deeper than ``maximumNestingDepth``; for a scalar
    /// one comparison.
    public var isNestedTooDeeply: Bool {
        switch self {
        case .array, .map: return !nests(within: Self.maximumNestingDepth)
        default: return false
        }
    }

    private func nests(within levels: Int) -> Bool {
        switch self {
        case .array(let elements):
            return levels > 0 && elements.allSatisfy { $0.nests(within: levels - 1) }
        case .map(let map):
            return levels > 0 && map.allSatisfy { $0.value.nests(within: levels - 1) }
        default:
            return true
        }
    }

    /// Whether an array or map holds a ``binaryFile(_:)`` at any level: a file is streamed as an
    /// attribute's whole value only. Asked after ``isNestedTooDeeply``, so its recursion is bounded.
    public var holdsFile: Bool {
        switch self {
        case .array(let elements): return elements.contains { $0.isOrHoldsFile }
        case .map(let map): return map.contains { $0.value.isOrHoldsFile }
        default: return false
        }
    }

    private var isOrHoldsFile: Bool {
        if case .binaryFile = self { return true }
        return holdsFile
    }
}
