public import GraphExport

/// What graphexport sees in a store before it exports it, as every reader tells it: every entity
/// with its object count, where each attribute and relationship is read from, and which
/// relationships nest in the tree shape. `graphexport inspect` prints it, with what only the
/// store's reader knows (its own part, which `GraphExportStore`'s `Store` hands beside it).
///
/// Each reader reads it from the same mapping an export reads the objects through and from the
/// same ``GraphModel`` whose ownership rule the traversal follows, so it says what an export does,
/// not what it would be expected to.
public struct StoreDescription: Sendable, Hashable {
    /// The export header's facts: source kind, path, the source's own fields, model.
    public var document: DocumentInfo
    /// The entities, in model order.
    public var entities: [Entity]
    /// The relations the reader guessed rather than read (``InferredRelation``): a plain
    /// database's with `--infer-relations`, the to-ones of a Core Data model inferred from the
    /// store's tables whose destination is a guess.
    public var inferredRelations: [InferredRelation]

    /// Creates a description.
    public init(document: DocumentInfo, entities: [Entity], inferredRelations: [InferredRelation] = []) {
        self.document = document
        self.entities = entities
        self.inferredRelations = inferredRelations
    }

    /// One entity: its place in the inheritance hierarchy, its table and its properties.
    public struct Entity: Sendable, Hashable {
        /// The entity's name.
        public var name: String
        /// The parent entity's name, for a sub-entity.
        public var parent: String?
        /// The names of the entities whose parent it is, in model order.
        public var subEntities: [String]
        /// Whether the entity has no objects of its own.
        public var isAbstract: Bool
        /// The number of objects whose concrete entity it is (not counting its sub-entities').
        public var objectCount: Int
        /// The table its rows are in: a Core Data hierarchy's `Z<ROOT>` table, or the plain table.
        public var table: String
        /// The to-one relationships (their names) under whose destination an object of this entity
        /// nests in the tree shape, best first: ``GraphModel/ownerRelationships(of:)``.
        public var owners: [String]
        /// Every attribute, inherited ones first, as an export writes them (``ownAttributes``: those
        /// it declares).
        public var attributes: [Attribute]
        /// Every relationship, inherited ones first, as an export writes them.
        public var relationships: [Relationship]

        /// The attributes the entity declares itself: a sub-entity's inherited ones are shown
        /// once, on the ancestor that declares them.
        public var ownAttributes: [Attribute] { attributes.filter { $0.declaredBy == name } }
        /// The relationships the entity declares itself.
        public var ownRelationships: [Relationship] { relationships.filter { $0.declaredBy == name } }

        /// Each ancestor the entity inherits properties from, root first, with how many
        /// attributes and relationships it declares.
        public var inherited: [(entity: String, attributes: Int, relationships: Int)] {
            var declarers: [String] = []
            for declarer in attributes.map(\.declaredBy) + relationships.map(\.declaredBy)
            where declarer != name && !declarers.contains(declarer) {
                declarers.append(declarer)
            }
            return declarers.map { declarer in
                (
                    declarer, attributes.count { $0.declaredBy == declarer },
                    relationships.count { $0.declaredBy == declarer }
                )
            }
        }
    }

    /// One attribute and the column it is read from.
    public struct Attribute: Sendable, Hashable {
        /// The attribute as the model declares it.
        public var info: AttributeInfo
        /// The entity that declares it: the entity itself or an ancestor.
        public var declaredBy: String
        /// The table and column its values are read from.
        public var table: String
        /// The column.
        public var column: String
        /// The value decoder whose output it is, decoded from the attribute stored in ``column``;
        /// `nil` for a stored attribute. What a reader knows of a column is not the decoded
        /// attribute's.
        public var decoder: String? = nil

        /// Creates the description of an attribute.
        public init(info: AttributeInfo, declaredBy: String, table: String, column: String, decoder: String? = nil) {
            self.info = info
            self.declaredBy = declaredBy
            self.table = table
            self.column = column
            self.decoder = decoder
        }
    }

    /// One relationship, where its destinations are stored, and whether it nests.
    public struct Relationship: Sendable, Hashable {
        /// The relationship as the model declares it (name, destination, inverse, to-many,
        /// ordered, deletion rule).
        public var info: RelationshipInfo
        /// The entity that declares it: the entity itself or an ancestor.
        public var declaredBy: String
        /// Whether its destinations nest inside the source object in the tree shape
        /// (``ResolvedRelationship/nestsDestination``); otherwise they are references.
        public var nests: Bool
        /// Where the destinations are stored.
        public var storage: Storage

        /// The description of `relationship`, as the source's model resolves it, declared by
        /// `declaredBy` and stored as `storage`.
        public init(_ relationship: ResolvedRelationship, declaredBy: String, storage: Storage) {
            self.info = relationship.info
            self.declaredBy = declaredBy
            self.nests = relationship.nestsDestination
            self.storage = storage
        }
    }

    /// Where a relationship's destinations are stored.
    public enum Storage: Sendable, Hashable {
        /// A to-one: `columns` of the source's `table` hold the key (`destinationColumns`) of a row
        /// of `destinationTable`; `entityColumn`, when the table has one, holds the destination's
        /// entity (Core Data's `Z_ENT` copy, `Z1_FEATUREDITEM`).
        case foreignKey(
            table: String, columns: [String], destinationTable: String, destinationColumns: [String],
            entityColumn: String?)
        /// A to-many whose inverse is a to-one: the destinations are the rows of `table` whose
        /// `columns` point at the source; `orderColumn` orders an ordered one.
        case inverseForeignKey(table: String, columns: [String], orderColumn: String?)
        /// A many-to-many: the rows of `table` pair `sourceColumns` (pointing at the source) with
        /// `destinationColumns` (pointing at the destinations); `orderColumn` orders an ordered one.
        case joinTable(table: String, sourceColumns: [String], destinationColumns: [String], orderColumn: String?)
        /// A many-to-many whose inverse is itself: each row of `table` pairs the objects in its two
        /// `columns`, in either order, and each object's destinations are its partners in both.
        case reflexiveJoinTable(table: String, columns: [String])
    }

    /// The description with only the properties `model` keeps (the source's model with some left
    /// out, ``AdjustedSource``; entities by name), each relationship's inverse, nesting and each
    /// entity's owners as `model` has them.
    public func keeping(_ model: GraphModel) -> StoreDescription {
        var kept = self
        kept.entities = entities.map { entity in
            guard let index = model.index(of: entity.name) else { return entity }
            var entity = entity
            let attributes = Set(model.attributes(of: index).map(\.name))
            let relationships = model.relationships(of: index)
            entity.attributes.removeAll { !attributes.contains($0.info.name) }
            entity.relationships = entity.relationships.compactMap { relationship in
                guard let resolved = relationships.first(where: { $0.name == relationship.info.name }) else {
                    return nil
                }
                var relationship = relationship
                relationship.info.inverse = resolved.info.inverse
                relationship.nests = resolved.nestsDestination
                return relationship
            }
            entity.owners = model.ownerRelationships(of: index).map { relationships[$0].name }
            return entity
        }
        return kept
    }

    /// The entity that declares each of `entity`'s attributes and each of its relationships, in
    /// ``GraphModel/attributes(of:)`` and ``GraphModel/relationships(of:)`` order.
    public static func declarers(in model: GraphModel, of entity: Int) -> (
        attributes: [String], relationships: [String]
    ) {
        let lineage = model.lineage(of: entity).map { model.entities[$0] }
        return (
            lineage.flatMap { declarer in declarer.attributes.map { _ in declarer.name } },
            lineage.flatMap { declarer in declarer.relationships.map { _ in declarer.name } }
        )
    }

    /// The entity facts every source shares: hierarchy, abstractness, owners.
    public static func entity(
        _ index: Int, in model: GraphModel, objectCount: Int, table: String, attributes: [Attribute],
        relationships: [Relationship]
    ) -> Entity {
        let info = model.entities[index]
        let resolved = model.relationships(of: index)
        return Entity(
            name: info.name, parent: info.parent,
            subEntities: model.entities.filter { $0.parent == info.name }.map(\.name),
            isAbstract: info.isAbstract, objectCount: objectCount, table: table,
            owners: model.ownerRelationships(of: index).map { resolved[$0].name },
            attributes: attributes, relationships: relationships)
    }
}

extension StoreDescription {
    /// The description with the nesting of `model`, the described source's model with other
    /// nesting chosen (``ModelAdjustment``, same entities and relationships): which relationships
    /// nest, and each entity's owners.
    public func nesting(of model: GraphModel) -> StoreDescription {
        var description = self
        for index in description.entities.indices {
            let resolved = model.relationships(of: index)
            description.entities[index].owners = model.ownerRelationships(of: index).map { resolved[$0].name }
            for position in description.entities[index].relationships.indices {
                description.entities[index].relationships[position].nests = resolved[position].nestsDestination
            }
        }
        return description
    }
}
