/// How many objects an export of a source will write, known before the export starts without
/// reading the objects: the total of the command's progress line.
public enum ObjectCountEstimate: Equatable, Sendable {
    /// Exactly this many: a Core Data store counts its rows when it is opened.
    case exact(Int)
    /// About this many: a plain SQLite database's, from its row ids or its statistics.
    case estimate(Int)

    /// The number of objects, exact or not.
    public var count: Int {
        switch self {
        case .exact(let count), .estimate(let count): count
        }
    }

    /// The objects of both together: exact when both are.
    public static func + (lhs: Self, rhs: Self) -> Self {
        if case .exact = lhs, case .exact = rhs { return .exact(lhs.count + rhs.count) }
        return .estimate(lhs.count + rhs.count)
    }
}
