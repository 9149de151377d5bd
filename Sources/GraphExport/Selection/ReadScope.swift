/// The part of a model an export reads: the entities whose objects it writes and the properties
/// it keeps of them, so that a source can leave the rest unread.
///
/// A store that must work out where each property is stored (a Core Data store's columns and join
/// tables) resolves only what the scope reads: a property left out (``ModelAdjustment``), or
/// declared only by entities whose objects are not written, is never looked for, and a store
/// whose layout it cannot make out still exports the rest. The export itself still leaves those
/// properties out with ``AdjustedSource`` and those objects with ``Selection``.
public struct ReadScope: Sendable, Hashable {
    /// The properties left out and kept (``ModelAdjustment/excludedProperties``,
    /// ``ModelAdjustment/keptProperties``); its nesting changes read nothing more or less.
    public var adjustment: ModelAdjustment
    /// The entities whose objects are written, as ``Selection/entities(including:excluding:exact:in:strictly:)``
    /// takes them: `included` (all when empty), less `excluded`, each with the entities that
    /// inherit from it unless `exact`.
    public var included: [String]
    /// The entities whose objects are not written.
    public var excluded: [String]
    /// Whether ``included`` and ``excluded`` name their entities alone.
    public var exact: Bool
    /// Entities read whole, whatever ``adjustment`` leaves out and whether their objects are
    /// written: what value decoders read besides the value they decode (the rest of its object,
    /// the objects they look up), each with the entities that inherit from it.
    public var wholeEntities: [String]

    /// Everything: every property of every entity.
    public static let everything = ReadScope()

    /// Creates a scope; the defaults read everything.
    public init(
        adjustment: ModelAdjustment = ModelAdjustment(), included: [String] = [], excluded: [String] = [],
        exact: Bool = false, wholeEntities: [String] = []
    ) {
        self.adjustment = adjustment
        self.included = included
        self.excluded = excluded
        self.exact = exact
        self.wholeEntities = wholeEntities
    }

    /// What a source reading `model` must read for this scope. Names the model does not have
    /// are passed over: the export's own checks (``AdjustedSource``, ``Selection``) refuse them
    /// once a model is chosen.
    public func reads(in model: GraphModel) -> PropertyReads {
        let leftOut = (try? adjustment.propertiesLeftOut(of: model, strictly: false)) ?? []
        let written =
            (try? Selection.entities(including: included, excluding: excluded, exact: exact, in: model, strictly: false))
            ?? Set(model.entities.indices)
        var declarers: Set<Int> = []
        for entity in written where !model.entities[entity].isAbstract {
            declarers.formUnion(model.lineage(of: entity))
        }
        var whole: Set<Int> = []
        for name in wholeEntities {
            guard let entity = model.index(of: name) else { continue }
            for kind in model.entities.indices where model.entity(kind, isKindOf: entity) {
                whole.formUnion(model.lineage(of: kind))
            }
        }
        declarers.formUnion(whole)
        return PropertyReads(leftOut: leftOut.filter { !whole.contains($0.entity) }, declarers: declarers)
    }
}

/// Which properties of a model a source reads for a ``ReadScope``.
public struct PropertyReads: Sendable, Hashable {
    /// The properties left out.
    private let leftOut: Set<DeclaredProperty>
    /// The entities whose own properties some written object has: the written entities and their
    /// ancestors.
    private let declarers: Set<Int>

    fileprivate init(leftOut: Set<DeclaredProperty>, declarers: Set<Int>) {
        self.leftOut = leftOut
        self.declarers = declarers
    }

    /// Whether the property is read: some written object has it, and it is not left out.
    public func reads(_ property: DeclaredProperty) -> Bool {
        declarers.contains(property.entity) && !leftOut.contains(property)
    }
}
