public import GraphExport

/// A source read through value decoders: its model with each decoder's outputs added after the
/// attribute it claims (on the entity that declares it, so sub-entities inherit them), and its
/// records with the outputs' values decoded from the stored ones. Everything else is the wrapped
/// source's: keys, identifiers, relationships, counts (``GraphExport/WrappingSource``).
///
/// A claim holds when the model has its entity, attribute and ``DecoderClaim/modelEntities``;
/// one whose outputs would take a name the entity's hierarchy already has, or that an earlier
/// claim's outputs take in it (on an ancestor, on the entity, or on an entity inheriting from
/// it), is not used, with a warning. A value that is not bytes or text (null) leaves the
/// outputs null; a ``DecodingFailure`` leaves them null with a warning naming the object, or one
/// per attribute for a failure ``DecodingFailure/oncePerAttribute``.
public final class DecodingSource: WrappingSource {
    /// The wrapped source.
    @usableFromInline package let base: any GraphSource
    /// The model with the decoders' outputs; entity and relationship indexes are the wrapped
    /// source's.
    public let model: GraphModel
    /// The decoders that claim an attribute of this model.
    public let usedDecoders: [any AttributeDecoder]
    /// The attributes the decoders add, in the order they were added.
    public let decodedAttributes: [DecodedAttribute]
    private let plans: [EntityPlan?]
    /// Per entity, whether it or an entity that inherits from it has a plan.
    private let decodesKind: [Bool]
    private let onWarning: WarningHandler
    private var warnedAttributes: Set<String> = []
    private lazy var lookup = SourceLookup(base)

    /// How one entity's records are made: each attribute of the new model from a stored value or
    /// a decoder's output.
    private struct EntityPlan {
        enum Slot {
            case stored(Int)
            case decoded(claim: Int, output: Int)
        }
        /// One per attribute of the new model.
        var slots: [Slot]
        /// The claims on the entity: the decoder and the stored value's index.
        var claims: [(decoder: any AttributeDecoder, attribute: Int)]
        /// The names of the stored attributes, by index.
        var names: [String]
    }

    /// `base` read through `decoders`; warnings about claims that cannot be used and about values
    /// that cannot be decoded go to `onWarning`.
    public init(_ base: any GraphSource, decoders: [any AttributeDecoder], onWarning: @escaping WarningHandler) throws {
        self.base = base
        self.onWarning = onWarning
        let baseModel = base.model
        var entities = baseModel.entities
        var used: [any AttributeDecoder] = []
        /// Per declaring entity, each output's name → (claim number, output index).
        var outputs: [Int: [String: (claim: Int, output: Int)]] = [:]
        var claims: [(decoder: any AttributeDecoder, declarer: Int, attribute: String)] = []
        for decoder in decoders {
            for claim in decoder.claims {
                guard let entity = baseModel.index(of: claim.entity),
                    claim.modelEntities.allSatisfy({ baseModel.index(of: $0) != nil }),
                    let declarer = baseModel.lineage(of: entity).first(where: { ancestor in
                        baseModel.entities[ancestor].attributes.contains { $0.name == claim.attribute }
                    })
                else { continue }
                let declarerName = baseModel.entities[declarer].name
                let properties = Self.names(inHierarchyOf: declarer, in: baseModel)
                if let clash = decoder.outputs.first(where: { properties.contains($0.name) }) {
                    onWarning(
                        Warning(
                            "decoder '\(decoder.name)' does not decode \(claim.qualifiedName): "
                                + "\(declarerName) already has a property '\(clash.name)'"))
                    continue
                }
                let related = outputs.keys.sorted().filter { other in
                    baseModel.entity(other, isKindOf: declarer) || baseModel.entity(declarer, isKindOf: other)
                }
                let earlier = decoder.outputs.lazy.compactMap { output in
                    related.lazy.compactMap { outputs[$0]?[output.name] }.first.map { (output.name, claims[$0.claim]) }
                }
                if let (clash, taker) = earlier.first {
                    onWarning(
                        Warning(
                            "decoder '\(decoder.name)' does not decode \(claim.qualifiedName): '\(clash)' is taken in "
                                + "\(declarerName)'s hierarchy, by the output of decoder '\(taker.decoder.name)' for "
                                + "\(baseModel.entities[taker.declarer].name).\(taker.attribute)"))
                    continue
                }
                let number = claims.count
                claims.append((decoder, declarer, claim.attribute))
                for (index, output) in decoder.outputs.enumerated() {
                    outputs[declarer, default: [:]][output.name] = (number, index)
                }
                let position = entities[declarer].attributes.firstIndex { $0.name == claim.attribute }! + 1
                entities[declarer].attributes.insert(
                    contentsOf: decoder.outputs.map { AttributeInfo(name: $0.name, type: $0.type, isOptional: true) },
                    at: position)
                if !used.contains(where: { $0 === decoder }) { used.append(decoder) }
            }
        }
        let model = try GraphModel(entities: entities)
        self.model = model
        usedDecoders = used
        decodedAttributes = claims.flatMap { claim in
            claim.decoder.outputs.map { output in
                DecodedAttribute(
                    entity: baseModel.entities[claim.declarer].name, name: output.name, claimed: claim.attribute,
                    decoder: claim.decoder.name)
            }
        }
        let plans: [EntityPlan?] = model.entities.indices.map { entity in
            let lineage = baseModel.lineage(of: entity)
            let entityClaims = claims.enumerated().filter { lineage.contains($0.element.declarer) }
            guard !entityClaims.isEmpty else { return nil }
            let storedNames = baseModel.attributes(of: entity).map(\.name)
            var slots: [EntityPlan.Slot] = []
            var planClaims: [(decoder: any AttributeDecoder, attribute: Int)] = []
            var claimNumbers: [Int: Int] = [:]
            for (number, claim) in entityClaims {
                claimNumbers[number] = planClaims.count
                planClaims.append((claim.decoder, storedNames.firstIndex(of: claim.attribute)!))
            }
            for attribute in model.attributes(of: entity) {
                if let stored = storedNames.firstIndex(of: attribute.name) {
                    slots.append(.stored(stored))
                    continue
                }
                let declared = lineage.lazy.compactMap { outputs[$0]?[attribute.name] }.first!
                slots.append(.decoded(claim: claimNumbers[declared.claim]!, output: declared.output))
            }
            return EntityPlan(slots: slots, claims: planClaims, names: storedNames)
        }
        self.plans = plans
        decodesKind = model.entities.indices.map { entity in
            model.entities.indices.contains { model.entity($0, isKindOf: entity) && plans[$0] != nil }
        }
    }

    /// The names of the attributes and relationships of `entity`, its ancestors and the
    /// entities that inherit from it.
    private static func names(inHierarchyOf entity: Int, in model: GraphModel) -> Set<String> {
        var names: Set<String> = []
        for other in model.entities.indices
        where model.entity(other, isKindOf: entity) || model.entity(entity, isKindOf: other) {
            names.formUnion(model.attributes(of: other).map(\.name))
            names.formUnion(model.relationships(of: other).map(\.name))
        }
        return names
    }

    /// The wrapped source's objects of `entity`, decoded.
    public func scan(_ entity: Int) throws -> any ObjectCursor {
        try decoding(base.scan(entity), entity: entity)
    }

    /// The wrapped source's object, decoded.
    public func record(_ key: ObjectKey) throws -> ObjectRecord? {
        guard let record = try base.record(key) else { return nil }
        guard let plan = plans[key.entity] else { return record }
        return try decoded(BorrowedRecord(record), plan: plan).record
    }

    /// The wrapped source's destinations.
    public func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }

    /// The wrapped source's destination records, decoded.
    public func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        let destination = model.relationships(of: key.entity)[relationship].destination
        guard let cursor = try base.destinationRecords(of: key, through: relationship) else { return nil }
        // The records may be of any entity that inherits from the destination.
        return decodesKind[destination] ? decodingRecords(of: cursor) : cursor
    }

    /// The wrapped source's objects without these destinations, decoded.
    public func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        try decoding(base.scan(entity, withoutDestinationsIn: relationships), entity: entity)
    }

    /// The wrapped source's destinations in scan order.
    public func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        try base.destinationsInScanOrder(of: entity, through: relationship)
    }

    /// Tells every decoder used that the export has ended.
    public func finish() throws {
        for decoder in usedDecoders { try decoder.finish() }
    }

    private func decoding(_ cursor: any ObjectCursor, entity: Int) -> any ObjectCursor {
        plans[entity] == nil ? cursor : decodingRecords(of: cursor)
    }

    /// `cursor`'s records, decoded.
    private func decodingRecords(of cursor: any ObjectCursor) -> any ObjectCursor {
        RecordMappingCursor(cursor) { record in try self.decoded(record) }
    }

    /// `record` with the decoders' outputs, when its entity has any.
    private func decoded(_ record: BorrowedRecord) throws -> BorrowedRecord {
        guard let plan = plans[record.key.entity] else { return record }
        return try decoded(record, plan: plan)
    }

    private func decoded(_ record: BorrowedRecord, plan: EntityPlan) throws -> BorrowedRecord {
        let outputs = try plan.claims.map { claim in try decode(record, claim: claim, plan: plan) }
        var values: [RowValue] = []
        values.reserveCapacity(plan.slots.count)
        for slot in plan.slots {
            switch slot {
            case .stored(let index): values.append(record.values[index])
            case .decoded(let claim, let output): values.append(RowValue(outputs[claim][output]))
            }
        }
        return BorrowedRecord(key: record.key, values: values, toOne: record.toOne)
    }

    /// The outputs of one claim for `record`: null for a null value or one that cannot be decoded;
    /// rethrows what else the decoder throws.
    private func decode(
        _ record: BorrowedRecord, claim: (decoder: any AttributeDecoder, attribute: Int), plan: EntityPlan
    ) throws -> [Value] {
        let decoder = claim.decoder
        let nulls = { [Value](repeating: .null, count: decoder.outputs.count) }
        let bytes: [UInt8]
        switch record.values[claim.attribute] {
        case .bytes(let buffer), .text(let buffer): bytes = Array(buffer)
        case .other(.binary(let stored)): bytes = stored
        case .other(.string(let text)): bytes = Array(text.utf8)
        default: return nulls()
        }
        let entity = model.entities[record.key.entity].name
        let attribute = plan.names[claim.attribute]
        let id = base.id(of: record.key)
        // Made only for a warning: most values have none.
        func context() -> String { "\(entity) \(id) \(attribute)" }
        let stored = record.values
        // Gathered only for a decoder that asks (while it decodes: the values may be borrowed).
        let others = {
            var others: [String: Value] = [:]
            for (index, name) in plan.names.enumerated() where index != claim.attribute {
                others[name] = stored[index].value
            }
            return others
        }
        let warn = { [onWarning] (message: String) in
            onWarning(Warning("\(context()): decoder '\(decoder.name)': \(message)"))
        }
        let input = DecoderInput(
            bytes: bytes, object: id, entity: entity, attribute: attribute, values: others, lookup: lookup, warn: warn)
        do {
            let values = try decoder.decode(input)
            precondition(values.count == decoder.outputs.count, "a decoder gives one value per output")
            return values
        } catch let error as DecodingFailure {
            let outputs = decoder.outputs.map(\.name).joined(separator: ", ")
            if !error.oncePerAttribute {
                onWarning(
                    Warning(
                        "\(context()): decoder '\(decoder.name)': the value \(error.reason); its bytes are kept and "
                            + "\(outputs) \(decoder.outputs.count == 1 ? "is" : "are") null"))
            } else if warnedAttributes.insert("\(decoder.name) \(entity) \(attribute)").inserted {
                onWarning(
                    Warning(
                        "\(context()): decoder '\(decoder.name)': the value \(error.reason); its bytes are kept and "
                            + "\(outputs) \(decoder.outputs.count == 1 ? "is" : "are") null, as for every such value "
                            + "of \(entity).\(attribute) (only the first is named)"))
            }
            return nulls()
        }
    }
}
