public import GraphExport

extension InMemoryGraph {
    /// Links each `(source, relationship, destination)` of `links`, in order, by ``link(_:_:to:)``.
    public func link(_ links: [(ObjectKey, String, ObjectKey)]) throws {
        for (source, relationship, destination) in links { try link(source, relationship, to: destination) }
    }
}
