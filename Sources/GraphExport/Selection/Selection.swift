/// Which objects of a source an export writes, and how deep they nest.
///
/// An object is *selected* when its entity is among ``entities`` (all, when `nil`) and it is among
/// ``objects`` (all, when `nil`). The traversal writes every selected object in full exactly once
/// and nothing else: a relationship to an object that is not selected stays a reference, counted
/// in ``GraphTraversal/referencesOutsideSelection``. In the tree shape a selected object nests
/// under its owner only when the owner is selected too, else it is written at the top level.
///
/// ``depthLimit`` bounds the nesting: an object that would nest at a deeper level is a reference
/// there and is written at the top level instead, right after the tree it would have been part of,
/// so nothing is lost.
public struct Selection: Sendable, Hashable {
    /// The depth the command line keeps to unless told otherwise: deep enough for real data,
    /// shallow enough that the common parsers read every format's export. The tightest is
    /// libxml2's (`xmllint`) limit of 256 nested elements, which the XML export reaches at 128
    /// levels (two elements per level) and a property list sooner; PyYAML runs out of Python's
    /// recursion limit at about 250 levels, Python's `json` at about 500.
    public static let defaultDepthLimit = 100

    /// The entities whose objects may be written, as indexes into ``GraphModel/entities``; `nil`
    /// for all of them.
    public var entities: Set<Int>?
    /// The objects that may be written; `nil` for all objects of ``entities``.
    public var objects: Set<ObjectKey>?
    /// The most levels of nesting, the top level being the first; `nil` for no limit.
    public var depthLimit: Int?
    /// Whether the traversal warns, once, when it moves an object to the top level because of
    /// ``depthLimit`` (for a limit the user did not choose).
    public var warnsAtDepthLimit: Bool

    /// A selection of everything, nested without limit.
    public static let everything = Selection()

    /// Creates a selection; the defaults select every object and do not limit nesting.
    public init(
        entities: Set<Int>? = nil, objects: Set<ObjectKey>? = nil, depthLimit: Int? = nil,
        warnsAtDepthLimit: Bool = false
    ) {
        self.entities = entities
        self.objects = objects
        self.depthLimit = depthLimit
        self.warnsAtDepthLimit = warnsAtDepthLimit
    }

    /// Whether some objects are left out (either filter is set).
    public var isPartial: Bool {
        entities != nil || objects != nil
    }

    /// Whether objects of `entity` may be written.
    public func includes(entity: Int) -> Bool {
        entities?.contains(entity) ?? true
    }

    /// Whether the object is selected.
    public func contains(_ key: ObjectKey) -> Bool {
        includes(entity: key.entity) && (objects?.contains(key) ?? true)
    }

    /// The explicitly selected objects of each included entity in ascending key order (the order
    /// of ``GraphSource/scan(_:)``), or `nil` when ``objects`` is `nil`.
    func objectsByEntity() -> [Int: [ObjectKey]]? {
        guard let objects else { return nil }
        var grouped: [Int: [ObjectKey]] = [:]
        for key in objects where includes(entity: key.entity) { grouped[key.entity, default: []].append(key) }
        return grouped.mapValues { $0.sorted { $0.row < $1.row } }
    }
}
