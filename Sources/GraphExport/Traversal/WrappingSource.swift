/// A source that reads another, ``base``, and changes part of what it says (its model, its
/// records): the header, the identifiers, the counts and the end of a run are the wrapped
/// source's, forwarded here once rather than in every wrapper.
///
/// `@usableFromInline` and its forwarding `@inlinable`, so that a wrapper in another module
/// (`DecodingSource`) calls its base directly.
@usableFromInline
package protocol WrappingSource: GraphSource {
    /// The source read.
    var base: any GraphSource { get }
}

extension WrappingSource {
    /// The wrapped source's header.
    @inlinable
    public var document: DocumentInfo { base.document }

    /// The wrapped source's identifier.
    @inlinable
    public func id(of key: ObjectKey) -> ObjectID {
        base.id(of: key)
    }

    /// The wrapped source's prefix of numbered identifiers.
    @inlinable
    public func numberedIDPrefix(of entity: Int) -> String? {
        base.numberedIDPrefix(of: entity)
    }

    /// The wrapped source's count.
    @inlinable
    public func count(_ entity: Int) throws -> Int {
        try base.count(entity)
    }

    /// The wrapped source's summary of the run.
    @inlinable
    public func didFinishRun() {
        base.didFinishRun()
    }
}
