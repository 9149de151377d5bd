import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite
import GraphExportSQLite

/// The text `graphexport inspect` prints: the source and its model, an overview of the entities,
/// then each entity's own attributes and relationships in aligned columns (an inherited one is
/// shown once, on the entity that declares it; a sub-entity says what it inherits from whom),
/// then the warnings, whole. What only the store's reader tells (`coreData` or `plainSQLite`,
/// the other `nil`) is shown where it belongs.
///
/// Every name, path and text the store, its model or the command line gives is shown as
/// ``TerminalText/escaped(_:)`` shows it, so that what a terminal would act on (an escape
/// sequence, a newline that would forge a line of the report) is written as its code; the
/// newlines between the lines are the report's own.
enum InspectText {
    /// The whole text, ending in a newline.
    static func render(
        _ description: StoreDescription, coreData: CoreDataDescription?, plainSQLite: PlainSQLiteDescription?,
        warnings: [Warning]
    ) -> String {
        var lines = header(description, coreData: coreData)
        lines.append("")
        lines += overview(description, coreData: coreData)
        for entity in description.entities {
            lines.append("")
            lines += section(entity, coreData: coreData, plainSQLite: plainSQLite)
        }
        if let linkTables = plainSQLite?.linkTables, !linkTables.isEmpty {
            lines.append("")
            lines.append("Link tables (read as many-to-many relationships)")
            lines += aligned(
                linkTables.map { link in
                    [link.name, link.linkedTables.joined(separator: " ↔ "), link.relationships.joined(separator: ", ")]
                }, indent: 2)
        }
        if !description.inferredRelations.isEmpty {
            lines.append("")
            lines.append(
                coreData == nil
                    ? "Inferred foreign keys (--infer-relations)" : "Guessed to-ones of the inferred model")
            lines += description.inferredRelations.map { relation in
                "  " + TerminalText.escaped(relation.description)
                    + (relation.evidence.map { ": " + TerminalText.escaped($0) } ?? "")
            }
        }
        lines.append("")
        if warnings.isEmpty {
            lines.append("No warnings.")
        } else {
            lines.append("Warnings (\(warnings.count))")
            lines += warnings.map { "  " + TerminalText.escaped($0.fullText) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The source's kind and path, then its facts and the model's, one per line.
    private static func header(_ description: StoreDescription, coreData: CoreDataDescription?) -> [String] {
        let document = description.document
        var rows: [[String]] = []
        if let coreData {
            rows.append(["store UUID", coreData.storeUUID])
            if let version = coreData.frameworkVersion { rows.append(["framework version", version]) }
            let model = coreData.model
            switch model.origin {
            case .modelCache:
                rows.append(["model", "\(model.path), the model the store keeps of itself"])
            case .inferred:
                rows.append([
                    "model", "\(model.path): the store has no Z_MODELCACHE and no --model was given",
                ])
            case .modelFile, .compiledModel:
                let kind = model.origin == .modelFile ? "model file" : "compiled model"
                rows.append(["model", model.path])
                rows.append(["version", "\(model.version), read from \(model.versionFile) (\(kind))"])
            }
            for misfit in model.misfits { rows.append(["did not fit", misfit.description]) }
        }
        return ["\(document.sourceKind) " + TerminalText.escaped(document.source ?? "")] + aligned(rows, indent: 2)
    }

    /// One row per entity: objects, table, hierarchy.
    private static func overview(_ description: StoreDescription, coreData: CoreDataDescription?) -> [String] {
        let total = description.entities.map(\.objectCount).reduce(0, +)
        let rows = description.entities.map { entity in
            [
                entity.name, entity.isAbstract ? "abstract" : plural(entity.objectCount, "object"),
                "table " + entity.table + (coreData?.entityNumber(of: entity).map { ", Z_ENT \($0)" } ?? ""),
                entity.parent.map { "parent \($0)" } ?? "",
                entity.subEntities.isEmpty ? "" : "sub-entities " + entity.subEntities.joined(separator: ", "),
            ]
        }
        return ["\(plural(description.entities.count, "entity", "entities")), \(plural(total, "object"))"]
            + aligned(rows, indent: 2)
    }

    /// An entity's attributes and relationships.
    private static func section(
        _ entity: StoreDescription.Entity, coreData: CoreDataDescription?, plainSQLite: PlainSQLiteDescription?
    ) -> [String] {
        var title = TerminalText.escaped(entity.name) + (entity.parent.map { " : " + TerminalText.escaped($0) } ?? "")
        if !entity.owners.isEmpty {
            title += "  (nests under its " + entity.owners.map(TerminalText.escaped).joined(separator: ", then ") + ")"
        }
        var lines = [title]
        let inherited = entity.inherited.map { declarer in
            [
                declarer.attributes > 0 ? plural(declarer.attributes, "attribute") : nil,
                declarer.relationships > 0 ? plural(declarer.relationships, "relationship") : nil,
            ].compactMap { $0 }.joined(separator: " and ") + " from " + TerminalText.escaped(declarer.entity)
        }
        if !inherited.isEmpty { lines.append("  inherits " + inherited.joined(separator: "; ") + " (listed there)") }
        let attributes = entity.ownAttributes
        if !attributes.isEmpty {
            lines.append("  attributes")
            lines += aligned(
                attributes.map { attribute in
                    var notes: [String] = []
                    if coreData?.allowsExternalStorage(attribute) == true { notes.append("external storage") }
                    if let decoder = attribute.decoder { notes.append("decoded by \(decoder)") }
                    let column = plainSQLite?.column(of: attribute)
                    let declared = column.flatMap { $0.declaredType.isEmpty ? nil : " (\($0.declaredType))" }
                    var type = attribute.info.type.rawValue + (declared ?? "")
                    if let typing = column?.typing { type += ", " + typingText(typing) }
                    return [
                        attribute.info.name, type, attribute.info.isOptional ? "optional" : "required",
                        "\(attribute.table).\(attribute.column)", notes.joined(separator: ", "),
                    ]
                }, indent: 4)
        }
        let relationships = entity.ownRelationships
        if !relationships.isEmpty {
            lines.append("  relationships")
            lines += aligned(
                relationships.map { relationship in
                    let info = relationship.info
                    let kind = info.isToMany ? (info.isOrdered ? "to-many ordered" : "to-many") : "to-one"
                    return [
                        info.name, "\(kind) \(info.destination)",
                        info.inverse.map { "inverse \($0)" } ?? "no inverse",
                        relationship.nests ? "nests" : "reference", storageText(relationship.storage),
                    ]
                }, indent: 4)
        }
        return lines
    }

    /// How a plain SQLite column's values are written, in a few words.
    private static func typingText(_ typing: PlainColumnTyping) -> String {
        switch typing {
        case .stored: return "as stored"
        case .boolean: return "0 and 1 as booleans"
        case .date: return "date text as ISO 8601"
        case .json: return "JSON text as arrays and maps"
        }
    }

    /// Where a relationship is stored, in one phrase.
    private static func storageText(_ storage: StoreDescription.Storage) -> String {
        switch storage {
        case .foreignKey(let table, let columns, let destinationTable, let destinationColumns, let entityColumn):
            return "\(table).\(list(columns)) → \(destinationTable).\(list(destinationColumns))"
                + (entityColumn.map { ", Z_ENT in \($0)" } ?? "")
        case .inverseForeignKey(let table, let columns, let orderColumn):
            return "rows of \(table) by \(list(columns))" + (orderColumn.map { ", ordered by \($0)" } ?? "")
        case .joinTable(let table, let sourceColumns, let destinationColumns, let orderColumn):
            return "join table \(table) (\(list(sourceColumns)) → \(list(destinationColumns)))"
                + (orderColumn.map { ", ordered by \($0)" } ?? "")
        case .reflexiveJoinTable(let table, let columns):
            return "join table \(table) (\(columns.joined(separator: " ↔ ")), pairs in either order)"
        }
    }

    /// `ZPAGE`, or `(a, b)` for a composite key.
    private static func list(_ columns: [String]) -> String {
        columns.count == 1 ? columns[0] : "(" + columns.joined(separator: ", ") + ")"
    }

    /// `1 object`, `7 objects`.
    private static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// The rows as lines, `indent` spaces in, each cell (one line of names, values and the
    /// report's own words) as ``TerminalText/escaped(_:)`` shows it, each column padded to its
    /// widest cell and two spaces apart; empty cells at the end of a row, and trailing spaces,
    /// dropped.
    private static func aligned(_ rows: [[String]], indent: Int) -> [String] {
        let rows = rows.map { $0.map(TerminalText.escaped) }
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            var cells = row
            while cells.last?.isEmpty == true { cells.removeLast() }
            var line = String(repeating: " ", count: indent)
            for (column, cell) in cells.enumerated() {
                line += cell
                if column < cells.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            return line
        }
    }
}
