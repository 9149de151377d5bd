import GraphExport

/// Warnings of an attempt that may be abandoned: reading the store as a Core Data store, which a
/// plain SQLite database fails only after its files were checked (and, when they are read from a
/// copy, copied). Held until ``release(to:)``, which passes them on and every later one straight
/// through; dropped with the attempt, since reading the database again reports them again.
final class HeldWarnings {
    private var held: [Warning] = []
    private var target: WarningHandler?

    /// Holds `warning`, or passes it on once released.
    func report(_ warning: Warning) {
        if let target { target(warning) } else { held.append(warning) }
    }

    /// Passes the held warnings to `handler`, and every later one.
    func release(to handler: @escaping WarningHandler) {
        held.forEach(handler)
        held = []
        target = handler
    }
}
