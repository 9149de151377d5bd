public import GraphExport

/// The warnings the JSON writers give about values JSON cannot hold as such (``JSONText/Issue``):
/// one per attribute and kind of issue, however many values have it.
///
/// Public with only `package` members, so that a JSON encoder (``JSONStreamEncoder``) may hold
/// one and ``JSONWriterCore`` look for its ``pending`` warnings in code inlined into the
/// writer's module.
public struct JSONValueWarnings {
    /// The warnings reported and not yet handed on, in the order they came.
    @usableFromInline package var pending: [Warning] = []
    /// The entity of the object begun last, whose attributes are the ones written: attributes come
    /// right after their object's start, before any object nested in it.
    @usableFromInline package var entity = ""
    /// `Entity.attribute` of each attribute warned about, per kind of issue.
    private var warnedNonFinite: Set<String> = []
    private var warnedDates: Set<String> = []

    /// Creates a record of no warnings.
    package init() {}

    /// Adds to ``pending`` the warning for `issue` of attribute `attribute` of the object begun
    /// last (``entity``), unless that attribute was warned about already.
    package mutating func report(_ issue: JSONText.Issue, of attribute: String) {
        guard let warning = warning(for: issue, entity: entity, attribute: attribute)
        else { return }
        pending.append(warning)
    }

    /// The warning for `issue` of attribute `attribute` of an object of `entity`, or `nil` when
    /// that attribute was warned about for it already.
    package mutating func warning(for issue: JSONText.Issue, entity: String, attribute: String) -> Warning? {
        let name = "\(entity).\(attribute)"
        switch issue {
        case .nonFiniteNumber:
            guard warnedNonFinite.insert(name).inserted else { return nil }
            return Warning(
                "\(name): NaN/Infinity written as the strings \"NaN\"/\"Infinity\"/\"-Infinity\" (JSON has no such numbers)"
            )
        case .dateWithoutISO8601:
            guard warnedDates.insert(name).inserted else { return nil }
            return .datesWithoutISO8601(
                name, writtenAs: "seconds since 2001-01-01T00:00:00Z",
                notFinite: "the strings \"NaN\"/\"Infinity\"/\"-Infinity\"")
        }
    }
}
