import GraphExport

/// Reads the `elements` file of a legacy Xcode 3 `.xcdatamodel`: a keyed archive of Xcode's
/// private modelling classes (`coredata-format.md` §3.1).
///
/// The layout, as found in `coredatabooks-legacy/CoreDataBooks.xcdatamodel/elements` and
/// `restkit-legacy-model/RKTwitterCoreData.xcdatamodel/elements`:
/// - `XDPMModel._xd_rootPackage` → `XDModelPackage`, whose `XDBucketForClassesstorage` maps
///   entity names to `XDPMEntity` objects;
/// - an entity has `_name`, `_isAbstract`, and `XDBucketForOwnedAttributesstorage` mapping
///   property names to `XDPMAttribute` and `XDPMRelationship` objects (each with `_name`, and
///   `_isOrdered`, which every sample leaves false: Xcode 3 predates ordered relationships);
/// - entity and property settings live in "stereotypes": `XDBucketForStereotypesstorage` maps a
///   stereotype name to an `XDUMLStereotypeImp` whose `XDBucketForOwnedAttributesstorage` maps
///   a setting name to an `XDUMLPropertyImp` holding the value in `_default`. Entities have
///   `XD_PStereotype` (`XD_PSK_isAbstract`, `XD_PSK_entityClassName`…); properties have
///   `XD_PPropStereotype` (`XD_PPSK_isOptional`, `XD_PPSK_isTransient`…); attributes have
///   `XD_PAtt_Stereotype` (`XD_PAttK_attributeType`, an `NSAttributeType` raw value), and
///   relationships `XD_PR_Stereotype`: `XD_PRK_destination` (the `XDPMEntity`),
///   `XD_PRK_inverseRelationship` (the inverse `XDPMRelationship`, absent without one),
///   `XD_PRK_isToMany`, `XD_PRK_minCount`, `XD_PRK_maxCount` (0 = unbounded) and
///   `XD_PRK_deleteRule` (an `NSDeleteRule` raw value).
///
/// Only that much is verified: no sample has a parent entity, a nested package or a property that
/// is neither an attribute nor a relationship, so meeting one throws
/// ``ArchiveError/unsupportedLegacyElement(source:entity:element:reason:)`` rather than guessing.
/// Entities, attributes and relationships come out sorted by name.
enum LegacyModelReader {
    /// Reads a legacy model version from its `elements` file, or from the `.xcdatamodel` folder
    /// that holds it. The version is named after the folder, without `.xcdatamodel`.
    ///
    /// - Throws: a ``ModelFileError`` when the file cannot be read, an ``ArchiveError`` when it cannot be decoded.
    static func model(fromLegacyElements path: String) throws -> ModelVersion {
        let file =
            ModelFile.FileSystem.kind(of: path) == .directory ? ModelFile.FileSystem.join(path, "elements") : path
        let folder = ModelFile.FileSystem.parent(of: file).map(ModelFile.FileSystem.lastComponent(of:)) ?? file
        let suffix = ".xcdatamodel"
        let name =
            folder.hasSuffix(suffix) && folder.count > suffix.count ? String(folder.dropLast(suffix.count)) : folder
        return try model(fromLegacyElements: try ModelFile.FileSystem.contents(of: file), path: file, versionName: name)
    }

    /// Decodes the bytes of an `elements` file; `path` names it in errors and becomes the
    /// version's ``ModelVersion/contentsPath``.
    ///
    /// - Throws: an ``ArchiveError`` when the bytes cannot be decoded.
    static func model(fromLegacyElements bytes: [UInt8], path: String, versionName: String) throws -> ModelVersion {
        let archive = try KeyedArchive(bytes: bytes, source: path)
        return ModelVersion(name: versionName, contentsPath: path, entities: try entities(in: archive))
    }

    private static func entities(in archive: KeyedArchive) throws -> [EntityInfo] {
        let model = try archive.root()
        guard model.isKind(of: "XDPMModel") else {
            throw ArchiveError.unexpectedValue(
                source: archive.source, location: "the root object \(model.label)", expected: "an XDPMModel")
        }
        guard let package = try archive.object(model["_xd_rootPackage"] ?? .null, at: "_xd_rootPackage") else {
            throw ArchiveError.missingKey(source: archive.source, location: model.label, key: "_xd_rootPackage")
        }
        let nested = try archive.entries(package["XDBucketForPackagesstorage"], at: "the packages of the model")
        if let first = nested.first {
            throw ArchiveError.unsupportedLegacyElement(
                source: archive.source, entity: first.key, element: "a nested package",
                reason: "no sample model has one")
        }
        let classes = try archive.entries(package["XDBucketForClassesstorage"], at: "the entities of the model")
        return try classes.map { key, value in
            guard let object = try archive.object(value, at: "entity '\(key)'"), object.isKind(of: "XDPMEntity") else {
                throw ArchiveError.unexpectedValue(
                    source: archive.source, location: "entity '\(key)'", expected: "an XDPMEntity")
            }
            return try entity(object, key: key, archive: archive)
        }
        .sorted { $0.name < $1.name }
    }

    private static func entity(_ object: ArchivedObject, key: String, archive: KeyedArchive) throws -> EntityInfo {
        let name = try archive.string(object["_name"], at: "_name of \(object.label)") ?? key
        let parents = try archive.elements(object["XDBucketForGeneralizationsstorage"], at: "the parents of '\(name)'")
        if !parents.isEmpty {
            throw ArchiveError.unsupportedLegacyElement(
                source: archive.source, entity: name, element: "a parent entity",
                reason: "no sample model has inheritance, so the parent's encoding is unknown")
        }
        let settings = try stereotypeSettings(of: object, location: "entity '\(name)'", archive: archive)
        let isAbstract =
            try archive.boolean(object["_isAbstract"], at: "_isAbstract of '\(name)'") == true
            || archive.boolean(settings["XD_PSK_isAbstract"], at: "XD_PSK_isAbstract of '\(name)'") == true
        var attributes: [AttributeInfo] = []
        var relationships: [RelationshipInfo] = []
        let properties = try archive.entries(
            object["XDBucketForOwnedAttributesstorage"], at: "the properties of '\(name)'")
        for (propertyKey, value) in properties {
            guard let property = try archive.object(value, at: "property '\(propertyKey)' of '\(name)'") else {
                continue
            }
            if property.isKind(of: "XDPMAttribute") {
                if let attribute = try attribute(property, key: propertyKey, entity: name, archive: archive) {
                    attributes.append(attribute)
                }
            } else if property.isKind(of: "XDPMRelationship") {
                if let relationship = try relationship(property, key: propertyKey, entity: name, archive: archive) {
                    relationships.append(relationship)
                }
            } else {
                throw ArchiveError.unsupportedLegacyElement(
                    source: archive.source, entity: name,
                    element: "property '\(propertyKey)' of class \(property.className)",
                    reason: "only attributes and relationships have a verified encoding")
            }
        }
        return EntityInfo(
            name: name, isAbstract: isAbstract, attributes: attributes.sorted { $0.name < $1.name },
            relationships: relationships.sorted { $0.name < $1.name })
    }

    /// A property's name (`_name`, else its key in the entity), its place in messages
    /// (`attribute Book.title`) and its stereotype settings, or `nil` for a transient property.
    private static func storedProperty(
        _ property: ArchivedObject, key: String, kind: String, entity: String, archive: KeyedArchive
    ) throws -> (name: String, location: String, settings: [String: PropertyListValue])? {
        let name = try archive.string(property["_name"], at: "_name of \(property.label)") ?? key
        let location = "\(kind) \(entity).\(name)"
        let settings = try stereotypeSettings(of: property, location: location, archive: archive)
        if try archive.boolean(settings["XD_PPSK_isTransient"], at: "XD_PPSK_isTransient of \(location)") == true {
            return nil
        }
        return (name, location, settings)
    }

    /// A stored attribute, or `nil` for a transient one or one of a type without a column.
    private static func attribute(
        _ property: ArchivedObject, key: String, entity: String, archive: KeyedArchive
    ) throws -> AttributeInfo? {
        guard
            let (name, location, settings) = try storedProperty(
                property, key: key, kind: "attribute", entity: entity, archive: archive)
        else { return nil }
        let rawType = try archive.integer(
            settings["XD_PAttK_attributeType"], at: "XD_PAttK_attributeType of \(location)")
        guard
            let type = try AttributeTypeCode.storedType(
                rawType, key: "XD_PAttK_attributeType", source: archive.source, entity: entity, attribute: name)
        else { return nil }
        let isOptional = try archive.boolean(settings["XD_PPSK_isOptional"], at: "XD_PPSK_isOptional of \(location)")
        return AttributeInfo(name: name, type: type, isOptional: isOptional ?? false)
    }

    /// A stored relationship, or `nil` for a transient one.
    private static func relationship(
        _ property: ArchivedObject, key: String, entity: String, archive: KeyedArchive
    ) throws -> RelationshipInfo? {
        guard
            let (name, location, settings) = try storedProperty(
                property, key: key, kind: "relationship", entity: entity, archive: archive)
        else { return nil }
        guard
            let destination = try relatedName(
                settings["XD_PRK_destination"], kind: "XDPMEntity", key: "XD_PRK_destination", of: location,
                archive: archive)
        else {
            throw ArchiveError.missingKey(source: archive.source, location: location, key: "XD_PRK_destination")
        }
        let inverse = try relatedName(
            settings["XD_PRK_inverseRelationship"], kind: "XDPMRelationship", key: "XD_PRK_inverseRelationship",
            of: location, archive: archive)
        guard let isToMany = try archive.boolean(settings["XD_PRK_isToMany"], at: "XD_PRK_isToMany of \(location)")
        else {
            throw ArchiveError.missingKey(source: archive.source, location: location, key: "XD_PRK_isToMany")
        }
        guard let ruleValue = try archive.integer(settings["XD_PRK_deleteRule"], at: "XD_PRK_deleteRule of \(location)")
        else {
            throw ArchiveError.missingKey(source: archive.source, location: location, key: "XD_PRK_deleteRule")
        }
        guard let rule = DeleteRuleCode.rule(for: ruleValue) else {
            throw ArchiveError.unknownDeletionRuleCode(
                source: archive.source, entity: entity, relationship: name, rawValue: ruleValue)
        }
        let isOptional = try archive.boolean(settings["XD_PPSK_isOptional"], at: "XD_PPSK_isOptional of \(location)")
        let isOrdered = try archive.boolean(property["_isOrdered"], at: "_isOrdered of \(location)")
        return RelationshipInfo(
            name: name, destination: destination, isToMany: isToMany, isOrdered: isOrdered ?? false,
            inverse: inverse, deletionRule: rule, isOptional: isOptional ?? false)
    }

    /// The `_name` of the entity or relationship a setting refers to, or `nil` when the setting is
    /// absent or null; `kind` is the class the referenced object must have.
    private static func relatedName(
        _ value: PropertyListValue?, kind: String, key: String, of location: String, archive: KeyedArchive
    ) throws -> String? {
        guard let value, let related = try archive.object(value, at: "\(key) of \(location)") else { return nil }
        guard related.isKind(of: kind), let name = try archive.string(related["_name"], at: "_name of \(related.label)")
        else {
            throw ArchiveError.unexpectedValue(
                source: archive.source, location: "\(key) of \(location)", expected: "an \(kind) with a _name")
        }
        return name
    }

    /// Every stereotype setting of an element, by setting name (`XD_PPSK_isOptional`), as the
    /// unresolved `_default` value of its `XDUMLPropertyImp`.
    private static func stereotypeSettings(
        of element: ArchivedObject, location: String, archive: KeyedArchive
    ) throws -> [String: PropertyListValue] {
        var settings: [String: PropertyListValue] = [:]
        let stereotypes = try archive.entries(
            element["XDBucketForStereotypesstorage"], at: "the stereotypes of \(location)")
        for (stereotypeName, value) in stereotypes {
            let stereotypeLocation = "stereotype \(stereotypeName) of \(location)"
            guard let stereotype = try archive.object(value, at: stereotypeLocation) else { continue }
            let slots = try archive.entries(
                stereotype["XDBucketForOwnedAttributesstorage"], at: "the settings of \(stereotypeLocation)")
            for (settingName, slot) in slots {
                let setting = try archive.object(slot, at: "setting \(settingName) of \(stereotypeLocation)")
                settings[settingName] = setting?["_default"] ?? .null
            }
        }
        return settings
    }
}
