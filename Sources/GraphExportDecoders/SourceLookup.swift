import GraphExport

/// Finds a source's objects by the text of an attribute, for decoders (``ObjectLookup``).
///
/// The first question about an attribute reads every object of the entity (and of the entities
/// that inherit from it) once and keeps, for each distinct text, the key of the first object
/// that has it; later questions about it are answered from that index and one ``GraphSource/record(_:)``.
/// Only attributes a decoder asks about are indexed (Apple Notes: `ICAttachment.identifier`,
/// `ICInlineAttachment.identifier`), so the memory is the size of those texts.
final class SourceLookup: ObjectLookup {
    private let source: any GraphSource
    private var indexes: [String: [String: ObjectKey]] = [:]
    /// Per entity, the position of each attribute's value in its records.
    private var positions: [Int: [String: Int]] = [:]

    init(_ source: any GraphSource) {
        self.source = source
    }

    func object(of entity: String, where attribute: String, is value: String) throws -> FoundObject? {
        let name = entity + "." + attribute
        let index = try indexes[name] ?? makeIndex(entity: entity, attribute: attribute)
        indexes[name] = index
        guard let key = index[value], let record = try source.record(key) else { return nil }
        let model = source.model
        let entityPositions =
            positions[key.entity]
            ?? Dictionary(
                model.attributes(of: key.entity).enumerated().map { ($1.name, $0) },
                uniquingKeysWith: { _, last in last })
        positions[key.entity] = entityPositions
        return FoundObject(
            id: source.id(of: key), entity: model.entities[key.entity].name, positions: entityPositions,
            values: record.values)
    }

    private func makeIndex(entity name: String, attribute: String) throws -> [String: ObjectKey] {
        let model = source.model
        guard let entity = model.index(of: name) else { return [:] }
        var index: [String: ObjectKey] = [:]
        for concrete in model.concreteEntities where model.entity(concrete, isKindOf: entity) {
            guard let position = model.attributes(of: concrete).firstIndex(where: { $0.name == attribute }) else {
                continue
            }
            let cursor = try source.scan(concrete)
            while let record = try cursor.nextBorrowed() {
                let text: String
                switch record.values[position] {
                case .text(let buffer): text = String(decoding: buffer, as: UTF8.self)
                case .other(.string(let owned)): text = owned
                default: continue
                }
                if index[text] == nil { index[text] = record.key }
            }
        }
        return index
    }
}
