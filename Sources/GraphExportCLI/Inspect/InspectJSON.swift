import GraphExport
import GraphExportCoreData
import GraphExportJSONText
import GraphExportPlainSQLite
import GraphExportSQLite

/// The JSON object `graphexport inspect --format json` prints, described in `docs/INSPECT.md`.
///
/// Its keys are stable: `inspectVersion` (2) changes only if a key changes meaning or goes away;
/// new keys may be added. Every key is always present, `null` when it has no value for the source.
/// Version 2: an entity lists only the attributes and relationships it declares itself. What only
/// the store's reader tells (`coreData` or `plainSQLite`, the other `nil`) fills its keys, `null`
/// (or empty) for the other reader.
enum InspectJSON {
    /// The version of the object's layout.
    static let version: Int64 = 2

    /// The object's text, indented, with a newline at the end.
    static func render(
        _ description: StoreDescription, coreData: CoreDataDescription?, plainSQLite: PlainSQLiteDescription?,
        warnings: [Warning]
    ) -> [UInt8] {
        let document = description.document
        return JSONNode.object([
            ("inspectVersion", .integer(version)),
            ("generator", .string(document.generator)),
            ("sourceKind", .string(document.sourceKind)),
            ("source", .string(document.source)),
            ("storeUUID", .string(coreData?.storeUUID)),
            ("frameworkVersion", .string(coreData?.frameworkVersion)),
            ("model", coreData.map { model($0.model) } ?? .null),
            ("entities", .array(description.entities.map { entity($0, coreData: coreData, plainSQLite: plainSQLite) })),
            ("linkTables", .array((plainSQLite?.linkTables ?? []).map(linkTable))),
            (
                "inferredRelations",
                .array(
                    description.inferredRelations.map { relation in
                        .object([
                            ("table", .string(relation.table)), ("column", .string(relation.column)),
                            ("referencedTable", .string(relation.referencedTable)),
                            ("referencedColumn", .string(relation.referencedColumn)),
                            ("referencedEntity", .string(relation.referencedEntity)),
                            ("evidence", .string(relation.evidence)),
                        ])
                    })
            ),
            ("warnings", .strings(warnings.map(\.fullText))),
        ]).text
    }

    private static func model(_ choice: ModelChoice) -> JSONNode {
        .object([
            ("path", .string(choice.path)),
            ("version", .string(choice.version)),
            ("versionFile", .string(choice.versionFile)),
            ("origin", .string(choice.origin.rawValue)),
            (
                "misfits",
                .array(
                    choice.misfits.map { misfit in
                        let (candidate, version): (String, String?) =
                            switch misfit.candidate {
                            case .version(let name): ("version", name)
                            case .modelCache: ("modelCache", nil)
                            case .inferred: ("inferred", nil)
                            }
                        return .object([
                            ("candidate", .string(candidate)), ("version", .string(version)),
                            ("reason", .string(misfit.reason)),
                        ])
                    })
            ),
        ])
    }

    private static func entity(
        _ entity: StoreDescription.Entity, coreData: CoreDataDescription?, plainSQLite: PlainSQLiteDescription?
    ) -> JSONNode {
        .object([
            ("name", .string(entity.name)),
            ("parent", .string(entity.parent)),
            ("subEntities", .strings(entity.subEntities)),
            ("abstract", .boolean(entity.isAbstract)),
            ("objects", .integer(Int64(entity.objectCount))),
            ("table", .string(entity.table)),
            ("entityNumber", coreData?.entityNumber(of: entity).map { .integer($0) } ?? .null),
            ("owners", .strings(entity.owners)),
            (
                "attributes",
                .array(entity.ownAttributes.map { attribute($0, coreData: coreData, plainSQLite: plainSQLite) })
            ),
            ("relationships", .array(entity.ownRelationships.map(relationship))),
        ])
    }

    private static func attribute(
        _ attribute: StoreDescription.Attribute, coreData: CoreDataDescription?, plainSQLite: PlainSQLiteDescription?
    ) -> JSONNode {
        let column = plainSQLite?.column(of: attribute)
        return .object([
            ("name", .string(attribute.info.name)),
            ("type", .string(attribute.info.type.rawValue)),
            ("optional", .boolean(attribute.info.isOptional)),
            ("declaredBy", .string(attribute.declaredBy)),
            ("table", .string(attribute.table)),
            ("column", .string(attribute.column)),
            ("declaredType", .string(column?.declaredType)),
            ("typing", .string(column?.typing.rawValue)),
            ("externalStorage", .boolean(coreData?.allowsExternalStorage(attribute) == true)),
            ("decoder", .string(attribute.decoder)),
        ])
    }

    private static func relationship(_ relationship: StoreDescription.Relationship) -> JSONNode {
        let info = relationship.info
        return .object([
            ("name", .string(info.name)),
            ("destination", .string(info.destination)),
            ("inverse", .string(info.inverse)),
            ("toMany", .boolean(info.isToMany)),
            ("ordered", .boolean(info.isOrdered)),
            ("optional", .boolean(info.isOptional)),
            ("deletionRule", .string(info.deletionRule.rawValue)),
            ("declaredBy", .string(relationship.declaredBy)),
            ("tree", .string(relationship.nests ? "nest" : "reference")),
            ("storage", storage(relationship.storage)),
        ])
    }

    private static func storage(_ storage: StoreDescription.Storage) -> JSONNode {
        switch storage {
        case .foreignKey(let table, let columns, let destinationTable, let destinationColumns, let entityColumn):
            return .object([
                ("kind", .string("foreignKey")), ("table", .string(table)), ("columns", .strings(columns)),
                ("destinationTable", .string(destinationTable)),
                ("destinationColumns", .strings(destinationColumns)), ("entityColumn", .string(entityColumn)),
            ])
        case .inverseForeignKey(let table, let columns, let orderColumn):
            return .object([
                ("kind", .string("inverseForeignKey")), ("table", .string(table)), ("columns", .strings(columns)),
                ("orderColumn", .string(orderColumn)),
            ])
        case .joinTable(let table, let sourceColumns, let destinationColumns, let orderColumn):
            return .object([
                ("kind", .string("joinTable")), ("table", .string(table)), ("sourceColumns", .strings(sourceColumns)),
                ("destinationColumns", .strings(destinationColumns)), ("orderColumn", .string(orderColumn)),
            ])
        case .reflexiveJoinTable(let table, let columns):
            return .object([
                ("kind", .string("reflexiveJoinTable")), ("table", .string(table)), ("columns", .strings(columns)),
            ])
        }
    }

    private static func linkTable(_ link: PlainSQLiteDescription.LinkTable) -> JSONNode {
        .object([
            ("name", .string(link.name)), ("linkedTables", .strings(link.linkedTables)),
            ("relationships", .strings(link.relationships)),
        ])
    }
}
