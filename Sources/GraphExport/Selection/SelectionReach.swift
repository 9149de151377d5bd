/// How far a selection reaches from the objects chosen for it (`--root`).
public enum SelectionReach: Sendable, Hashable {
    /// The chosen objects and everything they own, transitively: what nests under them in the
    /// tree shape.
    case owned
    /// The chosen objects and every object reachable from them through any relationship
    /// (`--closure`).
    case reachable
}
