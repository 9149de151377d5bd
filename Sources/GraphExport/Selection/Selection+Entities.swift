extension Selection {
    /// The entities an export keeps: those `included` names (every entity when it names none),
    /// less those `excluded` names; each name stands for its entity and, unless `exact`, every
    /// entity that inherits from it.
    ///
    /// - Parameter strictly: whether a name the model does not have, and a choice that leaves no
    ///   concrete entity, are errors; otherwise such a name is passed over, for a reader that tries
    ///   several versions of a model before one is chosen.
    public static func entities(
        including included: [String], excluding excluded: [String], exact: Bool, in model: GraphModel,
        strictly: Bool = true
    ) throws(SelectionError) -> Set<Int> {
        func kinds(_ name: String) throws(SelectionError) -> [Int] {
            guard let entity = model.index(of: name) else {
                if strictly { throw .unknownEntity(name, known: model.entities.map(\.name)) }
                return []
            }
            return exact ? [entity] : model.entities.indices.filter { model.entity($0, isKindOf: entity) }
        }
        var chosen: Set<Int> = included.isEmpty ? Set(model.entities.indices) : []
        for name in included { chosen.formUnion(try kinds(name)) }
        for name in excluded { chosen.subtract(try kinds(name)) }
        guard !strictly || chosen.contains(where: { !model.entities[$0].isAbstract }) else { throw .nothingSelected }
        return chosen
    }
}
