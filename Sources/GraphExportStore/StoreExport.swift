public import GraphExport
import GraphExportCoreData
public import GraphExportDecoders
public import GraphExportSQLite

/// A store stacked as an export reads it (``Store/export(_:decoders:onWarning:)``): with its
/// history tables when asked, through the value decoders, with the properties the options leave
/// out left out; what changed since `--since`'s point; and, on demand, the objects the options
/// choose. `docs/ARCHITECTURE.md`, *The path of a value*, draws the stack.
public final class StoreExport {
    /// The source an export traverses.
    public let source: any GraphSource
    /// The store read through the value decoders that apply, before any property is left out: its
    /// model has every attribute a decoder adds.
    public let decodedSource: any GraphSource
    /// What changed since the point ``SelectionOptions/since`` names (the objects
    /// ``selection(onWarning:)`` chooses then); `nil` without one.
    public let changes: ChangeSet?
    /// The store, below the stack.
    public let store: Store
    let options: SelectionOptions
    /// The source `--where` conditions are answered by: the store with its history tables, when
    /// asked for; `nil`, the store itself.
    let filtering: (any RowFilteringSource)?
    /// The decoders' source, when a decoder applies to the store.
    private let decoding: DecodingSource?

    /// The stack of `store` that `options` ask for; throws a ``GraphExport/SelectionError`` for a
    /// name the store does not have or options that do not go together, a
    /// ``GraphExportCoreData/HistoryError`` for a `--since` point the store cannot answer for.
    init(
        _ store: Store, options: SelectionOptions, decoders: [any AttributeDecoder], onWarning: @escaping WarningHandler
    )
        throws
    {
        self.store = store
        self.options = options
        changes = try Self.changes(since: options, in: store, onWarning: onWarning)
        // --include-history of a plain SQLite database reads it as it is (the command refuses it).
        filtering = options.includeHistory ? try store.includingHistory(onWarning: onWarning) : nil
        let base = filtering ?? store.source
        decoding = try Self.decoding(base, decoders: decoders, onWarning: onWarning)
        decodedSource = decoding ?? base
        let adjustment = options.modelAdjustment(for: store.kind)
        source = adjustment.isEmpty ? decodedSource : try AdjustedSource(decodedSource, adjustment: adjustment)
    }

    /// The attributes the decoders add (`ICNoteData.text`), each with the decoder that adds it.
    public var decodedAttributes: [DecodedAttribute] {
        decoding?.decodedAttributes ?? []
    }

    /// The store's description (``Store/describe()``) as the export reads it: with the attributes
    /// the decoders add, without the properties left out, with the nesting the options ask for.
    public func describe() throws -> StoreDescription {
        try store.describe().adding(decodedAttributes, of: decodedSource.model).keeping(source.model)
            .nesting(of: source.model)
    }

    /// Tells the decoders used that the export has ended (a decoder plugin's input ends, and it
    /// exits).
    public func finish() throws {
        try decoding?.finish()
    }

    /// `base` read through `decoders`, or `nil` when none of them applies to it.
    private static func decoding(
        _ base: any GraphSource, decoders: [any AttributeDecoder], onWarning: @escaping WarningHandler
    ) throws -> DecodingSource? {
        guard !decoders.isEmpty else { return nil }
        let decoding = try DecodingSource(base, decoders: decoders, onWarning: onWarning)
        return decoding.usedDecoders.isEmpty ? nil : decoding
    }

    /// What changed since the point `options` name, read from the store's persistent history;
    /// `nil` without one. `--since` chooses the objects itself, so `--root`, `--limit` and
    /// `--include-history` with it are a ``GraphExport/SelectionError``.
    private static func changes(
        since options: SelectionOptions, in store: Store, onWarning: @escaping WarningHandler
    ) throws -> ChangeSet? {
        guard let point = options.since else { return nil }
        let given = [
            ("root", options.root != nil), ("limit", options.limit != nil), ("include-history", options.includeHistory),
        ]
        for (option, isGiven) in given where isGiven { throw SelectionError.notWithSince(option: option) }
        let history = try store.persistentHistory()
        switch point {
        case .token(let token):
            try history.check(token)
            return try history.changes(after: token.transaction, onWarning: onWarning)
        case .transaction(let number):
            try history.check(transaction: number)
            return try history.changes(after: number, onWarning: onWarning)
        }
    }
}

extension Store {
    /// The store stacked as an export of what `options` choose reads it: the first call after
    /// opening, for an embedder that exports as `graphexport` does. `decoders` are the value
    /// decoders to read it through (``GraphExportDecoders/BuiltInDecoders/make()``, plugins);
    /// those that claim no attribute of the store are not used.
    public func export(
        _ options: SelectionOptions = .init(), decoders: [any AttributeDecoder] = [],
        onWarning: @escaping WarningHandler = { _ in }
    ) throws -> StoreExport {
        try StoreExport(self, options: options, decoders: decoders, onWarning: onWarning)
    }
}
