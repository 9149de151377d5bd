extension Selection {
    /// The entities an export keeps: those `included` names (every entity when it names none),
    /// less those `excluded` names; each name stands for its entity and, unless `exact`, every
    /// entity that inherits from it.
    public static func entities(
        including included: [String], excluding excluded: [String], exact: Bool, in model: GraphModel
    ) throws(SelectionError) -> Set<Int> {
        func kinds(_ name: String) throws(SelectionError) -> [Int] {
            guard let entity = model.index(of: name) else {
                throw .unknownEntity(name, known: model.entities.map(\.name))
            }
            return exact ? [entity] : model.entities.indices.filter { model.entity($0, isKindOf: entity) }
        }
        var chosen: Set<Int> = included.isEmpty ? Set(model.entities.indices) : []
        for name in included { chosen.formUnion(try kinds(name)) }
        for name in excluded { chosen.subtract(try kinds(name)) }
        guard chosen.contains(where: { !model.entities[$0].isAbstract }) else { throw .nothingSelected }
        return chosen
    }
}
