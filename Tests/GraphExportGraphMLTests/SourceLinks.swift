import GraphExport

/// The links of a source, counted from its records, independently of the writer and of the side
/// it writes each link from.
///
/// A relationship instance is one destination of one relationship of one object. A link is the
/// set of instances that show the same related pair: an instance of a relationship whose inverse
/// names it back and the mirrored instance of that inverse are one link; every other instance is
/// a link of its own. Each link is named by the smaller of the names of its instances.
struct SourceLinks {
    /// Every relationship instance, as `relationship|source|target` (relationship by name).
    private(set) var instances: [String] = []
    /// Every link, by its name.
    private(set) var links: Set<String> = []
    private let model: GraphModel

    /// Enumerates the links of `source`.
    init(_ source: any GraphSource) throws {
        model = source.model
        for entity in model.concreteEntities {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() {
                let from = source.id(of: record.key).text
                for (index, relationship) in model.relationships(of: entity).enumerated() {
                    let destinations =
                        relationship.isToMany
                        ? try source.destinations(of: record.key, through: index)
                        : record.toOne[index].map { [$0] } ?? []
                    for destination in destinations {
                        let to = source.id(of: destination).text
                        instances.append("\(relationship.name)|\(from)|\(to)")
                        links.insert(Self.link(relationship, from, to, model))
                    }
                }
            }
        }
    }

    /// The name of the link an edge stands for: the relationship named `label` of the source
    /// node's entity, from `source` to `target`; `nil` when the entity has no such relationship.
    func link(entity: String, label: String, source: String, target: String) -> String? {
        guard let index = model.index(of: entity),
            let relationship = model.relationships(of: index).first(where: { $0.name == label })
        else { return nil }
        return Self.link(relationship, source, target, model)
    }

    private static func link(
        _ relationship: ResolvedRelationship, _ source: String, _ target: String, _ model: GraphModel
    ) -> String {
        let mine = "\(String(reflecting: relationship.info))|\(source)|\(target)"
        guard let inverseIndex = relationship.inverse else { return mine }
        let inverse = model.relationships(of: relationship.destination)[inverseIndex]
        guard let back = inverse.inverse, model.relationships(of: inverse.destination)[back].info == relationship.info
        else { return mine }
        return min(mine, "\(String(reflecting: inverse.info))|\(target)|\(source)")
    }
}
