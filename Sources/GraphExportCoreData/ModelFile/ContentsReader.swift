import GraphExport

extension ModelFile {
    /// Maps the XML of a `contents` file onto ``ModelVersion``.
    ///
    /// Reads `<entity>`, and within it `<attribute>` and `<relationship>`; every other element
    /// (`fetchedProperty`, `fetchRequest`, `configuration`, `elements`, `userInfo`,
    /// `uniquenessConstraints`, `fetchIndex`, model-level `composite`, and any newer one) is
    /// ignored.
    enum ContentsReader {
        /// Attribute types that Core Data stores no column for: they are skipped.
        private static let unstoredTypes: Set<String> = ["Undefined", "ObjectID", "Composite"]

        static func version(from root: XMLElement, name: String, path: String) throws -> ModelVersion {
            guard root.name == "model" else {
                throw ModelFileError.notAModel(
                    path: path, reason: "its root element is <\(root.name)>, not <model>")
            }
            var entities: [EntityInfo] = []
            var external: Set<String> = []
            var preserved: Set<String> = []
            for element in root.children where element.name == "entity" {
                let entityName = try required("name", of: element, owner: nil, path: path)
                var entity = EntityInfo(
                    name: entityName, parent: element["parentEntity"],
                    isAbstract: element.flag("isAbstract"))
                for property in element.children {
                    switch property.name {
                    case "attribute":
                        guard let attribute = try attribute(property, of: entityName, path: path) else {
                            continue
                        }
                        entity.attributes.append(attribute)
                        if property.flag("allowsExternalBinaryDataStorage") {
                            external.insert(entityName + "." + attribute.name)
                        }
                        if property.flag("preserveAfterDeletion") {
                            preserved.insert(entityName + "." + attribute.name)
                        }
                    case "relationship":
                        if let relationship = try relationship(property, of: entityName, path: path) {
                            entity.relationships.append(relationship)
                        }
                    default:
                        continue
                    }
                }
                entities.append(entity)
            }
            return ModelVersion(
                name: name, contentsPath: path, entities: entities,
                externalStorageAttributes: external, preservedAfterDeletionAttributes: preserved)
        }

        /// A stored attribute, or `nil` for a transient one or one of a type with no stored value.
        private static func attribute(
            _ element: XMLElement, of entity: String, path: String
        ) throws -> AttributeInfo? {
            let name = try required("name", of: element, owner: entity, path: path)
            if element.flag("transient") { return nil }
            let typeName = try required("attributeType", of: element, owner: entity, path: path)
            if unstoredTypes.contains(typeName) { return nil }
            guard let type = AttributeType(modelName: typeName) else {
                throw ModelFileError.unknownAttributeType(
                    path: path, entity: entity, attribute: name, type: typeName)
            }
            return AttributeInfo(name: name, type: type, isOptional: element.flag("optional"))
        }

        /// A stored relationship, or `nil` for a transient one.
        private static func relationship(
            _ element: XMLElement, of entity: String, path: String
        ) throws -> RelationshipInfo? {
            let name = try required("name", of: element, owner: entity, path: path)
            if element.flag("transient") { return nil }
            let destination = try required("destinationEntity", of: element, owner: entity, path: path)
            var rule = DeletionRule.nullify
            if let ruleName = element["deletionRule"] {
                guard let known = DeletionRule(rawValue: ruleName) else {
                    throw ModelFileError.unknownDeletionRule(
                        path: path, entity: entity, relationship: name, rule: ruleName)
                }
                rule = known
            }
            return RelationshipInfo(
                name: name, destination: destination, isToMany: element.flag("toMany"),
                isOrdered: element.flag("ordered"), inverse: element["inverseName"],
                deletionRule: rule, isOptional: element.flag("optional"))
        }

        /// The value of an XML attribute the loader cannot do without; empty counts as missing.
        private static func required(
            _ attribute: String, of element: XMLElement, owner: String?, path: String
        ) throws -> String {
            guard let value = element[attribute], !value.isEmpty else {
                throw ModelFileError.missingXMLAttribute(
                    path: path, line: element.line, element: element.name, attribute: attribute,
                    owner: owner)
            }
            return value
        }
    }
}
