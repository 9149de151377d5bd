import GraphExport

/// The first difference between the models of two copies, in words: what ``GraphDiff`` refuses to
/// compare, since an object's properties are matched by their places in the model.
///
/// Entities are compared in model order, each by name, parent, abstractness, then its attributes
/// (name and type) and relationships (name, destination, to-one or to-many), inherited ones
/// included, in order. A plain SQLite database's are called tables, columns and relationships.
struct ModelComparison {
    let old: GraphModel
    let new: GraphModel
    /// Whether the copies are plain SQLite databases, for the words of the message.
    let isPlainSQLite: Bool

    /// The first difference, or `nil` when the models are the same.
    var firstDifference: String? {
        let entityWord = isPlainSQLite ? "table" : "entity"
        if let difference = Self.firstDifference(
            old.entities.map(\.name), new.entities.map(\.name), word: entityWord, owner: nil)
        {
            return difference
        }
        for (index, entity) in old.entities.enumerated() {
            let other = new.entities[index]
            if entity.parent != other.parent {
                return "\(entityWord) \(entity.name) inherits from \(entity.parent ?? "nothing") in OLD, from "
                    + "\(other.parent ?? "nothing") in NEW"
            }
            if entity.isAbstract != other.isAbstract {
                return "\(entityWord) \(entity.name) is abstract in \(entity.isAbstract ? "OLD" : "NEW") only"
            }
            let attributes = (old.attributes(of: index), new.attributes(of: index))
            if let difference = Self.firstDifference(
                attributes.0.map(\.name), attributes.1.map(\.name), word: isPlainSQLite ? "column" : "attribute",
                owner: entity.name)
            {
                return difference
            }
            for (attribute, otherAttribute) in zip(attributes.0, attributes.1)
            where attribute.type != otherAttribute.type {
                return "\(isPlainSQLite ? "column" : "attribute") \(entity.name).\(attribute.name) is "
                    + "\(attribute.type.rawValue) in OLD, \(otherAttribute.type.rawValue) in NEW"
            }
            let relationships = (old.relationships(of: index), new.relationships(of: index))
            if let difference = Self.firstDifference(
                relationships.0.map(\.name), relationships.1.map(\.name), word: "relationship", owner: entity.name)
            {
                return difference
            }
            for (relationship, otherRelationship) in zip(relationships.0, relationships.1) {
                let shapes = [relationship, otherRelationship].map { relationship in
                    (relationship.isToMany ? "to-many " : "to-one ") + old.entities[relationship.destination].name
                }
                if relationship.destination != otherRelationship.destination
                    || relationship.isToMany != otherRelationship.isToMany
                {
                    return
                        "relationship \(entity.name).\(relationship.name) is \(shapes[0]) in OLD, \(shapes[1]) in NEW"
                }
            }
        }
        return nil
    }

    /// The first place where two lists of names differ: a name only one side has, or the same
    /// names in another order.
    private static func firstDifference(_ old: [String], _ new: [String], word: String, owner: String?) -> String? {
        let prefix = owner.map { $0 + "." } ?? ""
        for index in 0..<max(old.count, new.count) {
            let left = index < old.count ? old[index] : nil
            let right = index < new.count ? new[index] : nil
            guard left != right else { continue }
            if let left, !new.contains(left) { return "\(word) \(prefix)\(left) is in OLD only" }
            if let right, !old.contains(right) { return "\(word) \(prefix)\(right) is in NEW only" }
            let place = owner.map { "of \($0) " } ?? ""
            return "the \(word)s \(place)come in another order: \(left ?? "") in OLD where NEW has \(right ?? "")"
        }
        return nil
    }
}
