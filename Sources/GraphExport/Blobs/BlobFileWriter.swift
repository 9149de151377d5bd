/// A ``GraphWriter`` that writes every binary value to a file of a ``BlobFolder`` and passes
/// the events on to another writer with the file's path, a string, in the value's place
/// (`--blobs`): in every format, the path stands where the base64 would.
///
/// Bytes are an attribute's ``RowValue/bytes(_:)``, ``Value/binary(_:)`` or ``Value/binaryFile(_:)``
/// (a Core Data external-storage file, copied in chunks, never held whole), and the bytes
/// inside an attribute's arrays and maps, each named with its position there. The header's
/// entities say `String` for the attributes the model types `Binary`, whose values are now paths;
/// other types stay (a Transformable attribute's values may be paths, maps or anything else).
package final class BlobFileWriter: GraphWriter {
    private let writer: any GraphWriter
    private let folder: BlobFolder
    /// The entity and identifier of the object whose attributes come next.
    private var current: (entity: String, id: ObjectID)?

    /// Passes the events on to `writer`, the bytes written to `folder`.
    package init(_ writer: any GraphWriter, folder: BlobFolder) {
        self.writer = writer
        self.folder = folder
    }

    /// `true`: a file value is copied in chunks into its new file.
    package var streamsFileBytes: Bool { true }

    /// What the writer it passes on to says.
    package func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
        writer.writesDestinations(ofEntity: entity, through: relationship)
    }

    /// Passes the relationships on as they come: they hold no bytes.
    package func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        try writer.writeRelationships(relationships, at: position)
    }

    package func begin(_ document: DocumentInfo) throws {
        var document = document
        document.entities = Self.pathTyped(document.entities)
        try writer.begin(document)
    }

    /// `entities` with the attributes of `types` typed `String`: what they hold once their bytes
    /// are files (`Binary` ones, and Transformable ones where their bytes are kept).
    package static func pathTyped(_ entities: [EntityInfo], types: Set<AttributeType> = [.binary]) -> [EntityInfo] {
        var entities = entities
        for entity in entities.indices {
            for attribute in entities[entity].attributes.indices
            where types.contains(entities[entity].attributes[attribute].type) {
                entities[entity].attributes[attribute].type = .string
            }
        }
        return entities
    }

    package func write(_ event: GraphEvent, at position: StreamPosition) throws {
        switch event {
        case .beginObject(let entity, let id):
            current = (entity, id)
            try writer.write(event, at: position)
        case .attribute(let name, let value):
            guard let current, value.holdsBytes else { return try writer.write(event, at: position) }
            try writer.write(
                .attribute(
                    name: name, value: try files(for: value, entity: current.entity, id: current.id, name: name)),
                at: position)
        default:
            try writer.write(event, at: position)
        }
    }

    package func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        current = (row.entityName, row.id)
        guard row.values.contains(where: \.holdsBytes) else { return try writer.beginObject(row, at: position) }
        var values = row.values
        for (index, value) in row.values.enumerated() where value.holdsBytes {
            let name = row.attributeNames[index]
            let stem = { BlobFileName.stem(entity: row.entityName, id: row.id, attribute: name) }
            switch value {
            case .bytes(let bytes): values[index] = .other(.string(try folder.write(bytes, stem: stem())))
            case .other(let value):
                values[index] = .other(try files(for: value, entity: row.entityName, id: row.id, name: name))
            default: break
            }
        }
        try writer.beginObject(
            ObjectRow(
                entity: row.entity, entityName: row.entityName, attributeNames: row.attributeNames, id: row.id,
                values: values, changedProperties: row.changedProperties),
            at: position)
    }

    package func finish() throws {
        try writer.finish()
    }

    /// `value` with each of its bytes written to a file and replaced by the file's path;
    /// `position` is where `value` is inside the attribute `name`'s value.
    private func files(
        for value: Value, entity: String, id: ObjectID, name: String, position: [String] = []
    ) throws -> Value {
        let stem = { BlobFileName.stem(entity: entity, id: id, attribute: name, position: position) }
        switch value {
        case .binary(let bytes):
            return .string(
                try bytes.withUnsafeBytes { bytes throws(BlobFolderError) in try folder.write(bytes, stem: stem()) })
        case .binaryFile(let file):
            return .string(try folder.write(file, stem: stem()))
        case .array(let elements) where value.holdsBytes:
            return .array(
                try elements.enumerated().map { index, element in
                    try files(for: element, entity: entity, id: id, name: name, position: position + [String(index)])
                })
        case .map(let map) where value.holdsBytes:
            return .map(
                ValueMap(
                    try map.entries.map { entry in
                        ValueMap.Entry(
                            key: entry.key,
                            value: try files(
                                for: entry.value, entity: entity, id: id, name: name, position: position + [entry.key]))
                    }))
        default:
            return value
        }
    }
}

extension RowValue {
    /// Whether the value is bytes or holds some.
    fileprivate var holdsBytes: Bool {
        switch self {
        case .bytes: true
        case .other(let value): value.holdsBytes
        default: false
        }
    }
}

extension Value {
    /// Whether the value is bytes or is an array or map that holds some, at any depth.
    fileprivate var holdsBytes: Bool {
        switch self {
        case .binary, .binaryFile: true
        case .array(let elements): elements.contains { $0.holdsBytes }
        case .map(let map): map.entries.contains { $0.value.holdsBytes }
        default: false
        }
    }
}
