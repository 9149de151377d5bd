import GraphExport

/// Reads the `elements` file of a legacy Xcode 3 `.xcdatamodel`: a keyed archive of Xcode's
/// private modelling classes (`coredata-format.md` §3.1).
///
/// The layout, as found in `coredatabooks-legacy/CoreDataBooks.xcdatamodel/elements`:
/// - `XDPMModel._xd_rootPackage` → `XDModelPackage`, whose `XDBucketForClassesstorage` maps
///   entity names to `XDPMEntity` objects;
/// - an entity has `_name`, `_isAbstract`, and `XDBucketForOwnedAttributesstorage` mapping
///   property names to `XDPMAttribute` objects;
/// - entity and property settings live in "stereotypes": `XDBucketForStereotypesstorage` maps a
///   stereotype name to an `XDUMLStereotypeImp` whose `XDBucketForOwnedAttributesstorage` maps
///   a setting name to an `XDUMLPropertyImp` holding the value in `_default`. Entities have
///   `XD_PStereotype` (`XD_PSK_isAbstract`, `XD_PSK_entityClassName`…); attributes have
///   `XD_PPropStereotype` (`XD_PPSK_isOptional`, `XD_PPSK_isTransient`…) and
///   `XD_PAtt_Stereotype` (`XD_PAttK_attributeType`, an `NSAttributeType` raw value).
///
/// Only that much is verified: no sample has a relationship, a parent entity or a nested
/// package, so meeting one throws ``ArchiveError/unsupportedLegacyElement(source:entity:element:reason:)``
/// rather than guessing. Entities and attributes come out sorted by name.
enum LegacyModelReader {
    /// Reads a legacy model version from its `elements` file, or from the `.xcdatamodel` folder
    /// that holds it. The version is named after the folder, without `.xcdatamodel`.
    ///
    /// - Throws: ``ModelFileError`` when the file cannot be read, ``ArchiveError`` when it cannot
    ///   be decoded.
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
        let properties = try archive.entries(
            object["XDBucketForOwnedAttributesstorage"], at: "the properties of '\(name)'")
        for (propertyKey, value) in properties {
            guard let property = try archive.object(value, at: "property '\(propertyKey)' of '\(name)'") else {
                continue
            }
            guard property.isKind(of: "XDPMAttribute") else {
                throw ArchiveError.unsupportedLegacyElement(
                    source: archive.source, entity: name,
                    element: "property '\(propertyKey)' of class \(property.className)",
                    reason: "only attributes have a verified encoding; no sample model has relationships")
            }
            if let attribute = try attribute(property, key: propertyKey, entity: name, archive: archive) {
                attributes.append(attribute)
            }
        }
        return EntityInfo(
            name: name, isAbstract: isAbstract, attributes: attributes.sorted { $0.name < $1.name })
    }

    /// A stored attribute, or `nil` for a transient one or one of a type without a column.
    private static func attribute(
        _ property: ArchivedObject, key: String, entity: String, archive: KeyedArchive
    ) throws -> AttributeInfo? {
        let name = try archive.string(property["_name"], at: "_name of \(property.label)") ?? key
        let location = "attribute \(entity).\(name)"
        let settings = try stereotypeSettings(of: property, location: location, archive: archive)
        if try archive.boolean(settings["XD_PPSK_isTransient"], at: "XD_PPSK_isTransient of \(location)") == true {
            return nil
        }
        guard
            let rawType = try archive.integer(
                settings["XD_PAttK_attributeType"], at: "XD_PAttK_attributeType of \(location)")
        else {
            throw ArchiveError.missingKey(source: archive.source, location: location, key: "XD_PAttK_attributeType")
        }
        switch AttributeTypeCode.meaning(of: rawType) {
        case .unstored:
            return nil
        case .unknown:
            throw ArchiveError.unknownAttributeType(
                source: archive.source, entity: entity, attribute: name, rawValue: rawType)
        case .stored(let type):
            let isOptional = try archive.boolean(
                settings["XD_PPSK_isOptional"], at: "XD_PPSK_isOptional of \(location)")
            return AttributeInfo(name: name, type: type, isOptional: isOptional ?? false)
        }
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
