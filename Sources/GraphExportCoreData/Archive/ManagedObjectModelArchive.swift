import GraphExport

/// Reads the entities of an archived `NSManagedObjectModel` (an inflated `Z_MODELCACHE`; a `.mom`
/// file holds the same archive) — the keys of `coredata-format.md` §4.
///
/// Entities come out in the order Core Data numbers them (``EntityOrder``), properties sorted by
/// name: the archive's dictionaries have no meaningful order. What is kept matches what
/// ``ModelFile`` keeps from model XML: transient properties, fetched properties and attributes of
/// undefined, object-ID and composite type are left out; derived attributes are stored columns
/// and stay.
///
/// A sub-entity's `NSProperties` may list every property it inherits again (the Apple Notes store
/// of macOS 12 does): a property named like one of an ancestor's is that inherited property, not
/// one of its own, and is left out, so that each ``EntityInfo`` holds only what it declares.
struct ManagedObjectModelArchive {
    let archive: KeyedArchive

    /// What the archive says of its entities: the entities, and as `Entity.attribute` names the
    /// attributes that allow external storage and those Core Data preserves after deletion.
    struct Entities {
        /// The entities, in the order Core Data numbers them.
        let entities: [EntityInfo]
        /// The attributes that allow external binary data storage.
        let externalStorage: Set<String>
        /// The attributes marked "Preserve After Deletion" (`NSFlagsKey` bit 16).
        let preservedAfterDeletion: Set<String>
    }

    /// The entities, and the `Entity.attribute` names of attributes that allow external storage
    /// and of those preserved after deletion.
    func entities() throws -> Entities {
        let model = try archive.root()
        guard model.isKind(of: "NSManagedObjectModel") else {
            throw unexpected("the root object \(model.label)", "an NSManagedObjectModel")
        }
        guard let entitiesValue = model["NSEntities"] else {
            throw ArchiveError.missingKey(source: archive.source, location: model.label, key: "NSEntities")
        }
        var entities: [EntityInfo] = []
        var external: Set<String> = []
        var preserved: Set<String> = []
        for (key, value) in try archive.entries(entitiesValue, at: "NSEntities of \(model.label)") {
            guard let object = try archive.object(value, at: "entity '\(key)'"),
                object.isKind(of: "NSEntityDescription")
            else {
                throw unexpected("entity '\(key)' of NSEntities", "an NSEntityDescription")
            }
            let (entity, flagged) = try self.entity(object, key: key)
            entities.append(entity)
            external.formUnion(flagged.externalStorage.map { entity.name + "." + $0 })
            preserved.formUnion(flagged.preservedAfterDeletion.map { entity.name + "." + $0 })
        }
        let declared = Self.withoutRepeatedInheritedProperties(entities)
        let kept = Set(declared.flatMap { entity in entity.attributes.map { entity.name + "." + $0.name } })
        return Entities(
            entities: EntityOrder.coreDataOrder(declared), externalStorage: external.intersection(kept),
            preservedAfterDeletion: preserved.intersection(kept))
    }

    /// Each entity with the properties it repeats from an ancestor (same name) left out. A parent
    /// that is missing or a parent cycle ends the walk up; ``GraphModel`` reports both.
    private static func withoutRepeatedInheritedProperties(_ entities: [EntityInfo]) -> [EntityInfo] {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return entities.map { entity in
            var inherited: Set<String> = []
            var visited: Set<String> = [entity.name]
            var parent = entity.parent.flatMap { byName[$0] }
            while let ancestor = parent, visited.insert(ancestor.name).inserted {
                inherited.formUnion(ancestor.attributes.map(\.name))
                inherited.formUnion(ancestor.relationships.map(\.name))
                parent = ancestor.parent.flatMap { byName[$0] }
            }
            var declared = entity
            declared.attributes.removeAll { inherited.contains($0.name) }
            declared.relationships.removeAll { inherited.contains($0.name) }
            return declared
        }
    }

    /// The names of an entity's attributes that carry a flag of ``modelFlags``.
    private struct FlaggedAttributes {
        var externalStorage: [String] = []
        var preservedAfterDeletion: [String] = []
    }

    private func entity(_ object: ArchivedObject, key: String) throws -> (EntityInfo, FlaggedAttributes) {
        let name = try archive.string(object["NSEntityName"], at: "NSEntityName of \(object.label)") ?? key
        var parent: String?
        if let superentity = try archive.object(object["NSSuperentity"] ?? .null, at: "NSSuperentity of '\(name)'") {
            parent = try archive.string(superentity["NSEntityName"], at: "NSEntityName of \(superentity.label)")
        }
        let isAbstract = try archive.boolean(object["NSIsAbstract"], at: "NSIsAbstract of '\(name)'") ?? false
        var entity = EntityInfo(name: name, parent: parent, isAbstract: isAbstract)
        var flagged = FlaggedAttributes()
        for (propertyKey, value) in try archive.entries(object["NSProperties"], at: "NSProperties of '\(name)'") {
            guard let property = try archive.object(value, at: "property '\(propertyKey)' of '\(name)'") else {
                continue
            }
            let propertyName =
                try archive.string(property["NSPropertyName"], at: "NSPropertyName of \(property.label)")
                ?? propertyKey
            let flags = try PropertyFlags(property, archive: archive, location: "\(name).\(propertyName)")
            guard !flags.isTransient else { continue }
            if property.isKind(of: "NSAttributeDescription") {
                guard let attribute = try attribute(property, named: propertyName, of: name, flags: flags) else {
                    continue
                }
                entity.attributes.append(attribute.info)
                if attribute.flags & Self.externalStorageFlag != 0 { flagged.externalStorage.append(propertyName) }
                if attribute.flags & Self.preservedAfterDeletionFlag != 0 {
                    flagged.preservedAfterDeletion.append(propertyName)
                }
            } else if property.isKind(of: "NSRelationshipDescription") {
                entity.relationships.append(try relationship(property, named: propertyName, of: name, flags: flags))
            }
        }
        entity.attributes.sort { $0.name < $1.name }
        entity.relationships.sort { $0.name < $1.name }
        return (entity, flagged)
    }

    /// `NSFlagsKey` bit 2 (value 4): "allows external binary data storage" (decompiled
    /// `-[NSAttributeDescription initWithCoder:]`, which maps it to the same internal flag as
    /// `setAllowsExternalBinaryDataStorage:`; no sample store sets it).
    private static let externalStorageFlag: Int64 = 4

    /// `NSFlagsKey` bit 4 (value 16): "Preserve After Deletion". Not documented; the Apple Photos
    /// stores of macOS 10.15.7 show it: the attributes that carry it are exactly those whose
    /// values their deletions keep in `ACHANGE.ZTOMBSTONE<n>` (`docs/COREDATA.md`, *Persistent
    /// history*).
    private static let preservedAfterDeletionFlag: Int64 = 16

    private func attribute(
        _ property: ArchivedObject, named name: String, of entity: String, flags: PropertyFlags
    ) throws -> (info: AttributeInfo, flags: Int64)? {
        let location = "\(entity).\(name)"
        let rawType = try archive.integer(property["NSAttributeType"], at: "NSAttributeType of \(location)")
        guard
            let type = try AttributeTypeCode.storedType(
                rawType, key: "NSAttributeType", source: archive.source, entity: entity, attribute: name)
        else { return nil }
        let modelFlags = try archive.integer(property["NSFlagsKey"], at: "NSFlagsKey of \(location)") ?? 0
        return (AttributeInfo(name: name, type: type, isOptional: flags.isOptional), modelFlags)
    }

    private func relationship(
        _ property: ArchivedObject, named name: String, of entity: String, flags: PropertyFlags
    ) throws -> RelationshipInfo {
        let location = "\(entity).\(name)"
        guard
            let destination = try relatedName(
                property, nameKey: "_NSDestinationEntityName", objectKey: "NSDestinationEntity",
                objectNameKey: "NSEntityName", location: location)
        else {
            throw ArchiveError.missingKey(
                source: archive.source, location: "relationship \(location)", key: "NSDestinationEntity")
        }
        let inverse = try relatedName(
            property, nameKey: "_NSInverseRelationshipName", objectKey: "NSInverseRelationship",
            objectNameKey: "NSPropertyName", location: location)
        guard let maxCount = try archive.integer(property["NSMaxCount"], at: "NSMaxCount of \(location)") else {
            throw ArchiveError.missingKey(
                source: archive.source, location: "relationship \(location)", key: "NSMaxCount")
        }
        guard let ruleValue = try archive.integer(property["NSDeleteRule"], at: "NSDeleteRule of \(location)") else {
            throw ArchiveError.missingKey(
                source: archive.source, location: "relationship \(location)", key: "NSDeleteRule")
        }
        guard let rule = DeleteRuleCode.rule(for: ruleValue) else {
            throw ArchiveError.unknownDeletionRuleCode(
                source: archive.source, entity: entity, relationship: name, rawValue: ruleValue)
        }
        return RelationshipInfo(
            name: name, destination: destination, isToMany: maxCount != 1, isOrdered: flags.isOrdered,
            inverse: inverse, deletionRule: rule, isOptional: flags.isOptional)
    }

    /// The name of a related entity or relationship: the archived name string when there is one,
    /// else the name inside the referenced object (read without following it further).
    private func relatedName(
        _ property: ArchivedObject, nameKey: String, objectKey: String, objectNameKey: String, location: String
    ) throws -> String? {
        if let name = try archive.string(property[nameKey], at: "\(nameKey) of \(location)") {
            return name
        }
        guard let related = try archive.object(property[objectKey] ?? .null, at: "\(objectKey) of \(location)") else {
            return nil
        }
        return try archive.string(related[objectNameKey], at: "\(objectNameKey) of \(related.label)")
    }

    private func unexpected(_ location: String, _ expected: String) -> ArchiveError {
        .unexpectedValue(source: archive.source, location: location, expected: expected)
    }
}
