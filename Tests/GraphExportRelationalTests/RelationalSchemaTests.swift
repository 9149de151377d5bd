import GraphExport
import GraphExportRelational
import XCTest

/// The mapping of docs/RELATIONAL.md on small models: tables, views, foreign keys, join tables
/// and names.
final class RelationalSchemaTests: XCTestCase {
    /// An abstract `Item` with `Note` and `Task` (which has `Chore`), siblings that both declare
    /// `title`; `Folder` holds items; `Tag`s are many-to-many with items; `Task.steps` is ordered.
    static let entities = [
        EntityInfo(
            name: "Item", isAbstract: true, attributes: [AttributeInfo(name: "created", type: .date)],
            relationships: [
                RelationshipInfo(name: "folder", destination: "Folder", isToMany: false, inverse: "items"),
                RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "items"),
            ]),
        EntityInfo(name: "Note", parent: "Item", attributes: [AttributeInfo(name: "title", type: .string)]),
        EntityInfo(
            name: "Task", parent: "Item", attributes: [AttributeInfo(name: "title", type: .integer32)],
            relationships: [RelationshipInfo(name: "steps", destination: "Item", isToMany: true, isOrdered: true)]),
        EntityInfo(name: "Chore", parent: "Task", attributes: [AttributeInfo(name: "Order", type: .decimal)]),
        EntityInfo(
            name: "Folder", attributes: [AttributeInfo(name: "name", type: .string)],
            relationships: [RelationshipInfo(name: "items", destination: "Item", isToMany: true, inverse: "folder")]),
        EntityInfo(
            name: "Tag", attributes: [AttributeInfo(name: "_pk", type: .string)],
            relationships: [RelationshipInfo(name: "items", destination: "Item", isToMany: true, inverse: "tags")]),
    ]

    /// An entity named as SQLite's own tables are, and one with two attributes whose names differ
    /// only in case.
    private static let clashingNames = [
        EntityInfo(name: "sqlite_stat1", attributes: [AttributeInfo(name: "name", type: .string)]),
        EntityInfo(
            name: "order",
            attributes: [AttributeInfo(name: "Name", type: .string), AttributeInfo(name: "name", type: .string)]),
    ]

    private func schema() throws -> RelationalSchema {
        RelationalSchema(model: try GraphModel(entities: Self.entities))
    }

    func testAHierarchyIsOneTableNamedByItsRootWithAViewPerSubEntity() throws {
        let schema = try schema()
        XCTAssertEqual(
            schema.tables.map(\.name), ["Item", "Folder", "Tag", "Item_tags", "Task_steps"],
            "one table per hierarchy, then the join tables")
        XCTAssertEqual(
            schema.tables[0].columns.map(\.name),
            ["_pk", "_id", "_entity", "created", "folder", "title", "title_2", "Order"])
        XCTAssertEqual(schema.views.map(\.name), ["Note", "Task", "Chore"])
        let task = try XCTUnwrap(schema.views.first { $0.name == "Task" })
        XCTAssertEqual(task.entities, ["Task", "Chore"], "a view selects the entity with its sub-entities")
        XCTAssertEqual(task.columns.map(\.name), ["_pk", "_id", "_entity", "created", "folder", "title"])
        XCTAssertEqual(task.columns.last?.column, 6, "Task.title is the column title_2, named title in the view")
    }

    func testEveryRelationshipIsAForeignKeyToItsDestinationsHierarchy() throws {
        let schema = try schema()
        let folder = try XCTUnwrap(schema.tables[0].columns.first { $0.name == "folder" })
        XCTAssertEqual(folder.references, 1, "Item.folder references Folder")
        XCTAssertEqual(schema.tables[3].columns.map(\.name), ["Item", "tags"])
        XCTAssertEqual(schema.tables[3].columns.map(\.references), [0, 2])
        XCTAssertEqual(schema.tables[3].primaryKey, [0, 1])
        XCTAssertEqual(schema.tables[4].columns.map(\.name), ["Task", "steps", "position"])
        XCTAssertEqual(schema.tables[4].columns.map(\.references), [0, 0, nil], "to an abstract entity too")
        let folderItems = try XCTUnwrap(schema.model.index(of: "Folder"))
        XCTAssertEqual(schema.mapping(of: folderItems).relationships, [.inverse], "its inverse's column holds it")
        let tag = try XCTUnwrap(schema.model.index(of: "Tag"))
        XCTAssertEqual(schema.mapping(of: tag).relationships, [.inverse], "the other side's join table holds it")
    }

    func testNamesAreUniqueIgnoringCaseShortAndNeverSQLitesOwn() throws {
        let long = String(repeating: "é", count: 40)
        let schema = RelationalSchema(
            model: try GraphModel(
                entities: Self.clashingNames + [
                    EntityInfo(name: "Order", attributes: [AttributeInfo(name: long, type: .string)]),
                    EntityInfo(name: "graphexport_source"),
                ]))
        XCTAssertEqual(schema.tables.map(\.name), ["_sqlite_stat1", "order", "Order_2", "graphexport_source_2"])
        XCTAssertEqual(schema.tables[1].columns.map(\.name).suffix(2), ["Name", "name_2"])
        let cut = try XCTUnwrap(schema.tables[2].columns.last?.name)
        XCTAssertEqual(cut.utf8.count, 62, "cut to 63 bytes at a character boundary")
        XCTAssertTrue(long.hasPrefix(cut))
        let tagSchema = try self.schema()
        XCTAssertEqual(tagSchema.tables[2].columns.map(\.name), ["_pk", "_id", "_entity", "_pk_2"])
    }

    func testTheScriptSaysEachNameThatIsNotTheModelsWhereNoViewGivesItBack() throws {
        let renamed = RelationalSchema(
            model: try GraphModel(entities: Self.clashingNames + [EntityInfo(name: "Order")]))
        XCTAssertEqual(
            SchemaSQL(schema: renamed, dialect: .sqlite).renames,
            [
                "-- Names that are not the model's (docs/RELATIONAL.md, Names):",
                "-- the entity sqlite_stat1 is the table \"_sqlite_stat1\"",
                "-- the entity Order is the table \"Order_2\"",
                "-- order.name is \"order\".\"name_2\"",
            ])
        XCTAssertEqual(
            try schema().renames, ["Task.title is \"Item\".\"title_2\"", "Tag._pk is \"Tag\".\"_pk_2\""],
            "Chore inherits Task.title: said once")
        let script = SchemaSQL(schema: try schema(), dialect: .postgresql).script
        XCTAssertTrue(script.hasPrefix(SchemaSQL(schema: try schema(), dialect: .postgresql).renames[0] + "\n"))
        XCTAssertEqual(
            SchemaSQL(
                schema: RelationalSchema(model: try GraphModel(entities: [EntityInfo(name: "Note")])), dialect: .sqlite
            )
            .renames, [], "no comment where every name is the model's")
    }

    func testANameWithALineBreakStaysInsideItsComment() throws {
        let hostile = "x\nDROP TABLE y;\r--"
        let schema = RelationalSchema(
            model: try GraphModel(entities: [EntityInfo(name: hostile.uppercased()), EntityInfo(name: hostile)]))
        let lines = SchemaSQL(schema: schema, dialect: .sqlite).renames
        XCTAssertEqual(
            lines.last, #"-- the entity x\u{a}DROP TABLE y;\u{d}-- is the table "x\u{a}DROP TABLE y;\u{d}--_2""#)
    }

    func testTheSQLOfBothDialectsQuotesNamesAndPutsKeysWhereEachCanHaveThem() throws {
        let schema = try schema()
        let sqlite = SchemaSQL(schema: schema, dialect: .sqlite)
        XCTAssertTrue(
            sqlite.tables.contains(
                "CREATE TABLE \"Item_tags\" (\"Item\" INTEGER NOT NULL REFERENCES \"Item\" (_pk), \"tags\" INTEGER NOT NULL "
                    + "REFERENCES \"Tag\" (_pk), PRIMARY KEY (\"Item\", \"tags\"));"))
        XCTAssertTrue(
            sqlite.constraints.contains {
                $0.hasPrefix("CREATE VIEW \"Task\" AS SELECT") && $0.contains("\"title_2\" AS \"title\"")
                    && $0.hasSuffix("WHERE _entity IN ('Task', 'Chore');")
            })
        let postgresql = SchemaSQL(schema: schema, dialect: .postgresql)
        XCTAssertTrue(postgresql.tables.contains { $0.hasPrefix("CREATE TABLE \"Item\" (\"_pk\" bigint NOT NULL, ") })
        XCTAssertTrue(
            postgresql.tables.contains { $0.contains("\"created\" timestamptz") && $0.contains("\"Order\" numeric") })
        XCTAssertTrue(
            postgresql.constraints.contains(
                "ALTER TABLE \"Item\" ADD FOREIGN KEY (\"folder\") REFERENCES \"Folder\" (_pk);"))
        XCTAssertTrue(
            postgresql.constraints.contains("ALTER TABLE \"Item_tags\" ADD PRIMARY KEY (\"Item\", \"tags\");"))
    }

    func testAKeyIsTheIdentifiersNumberElseAHashThatNoNumberHas() {
        XCTAssertEqual(RelationalKey.key(of: ObjectID(prefix: "x-coredata://U/Note/p", number: 42)), 42)
        let hashed = RelationalKey.key(of: ObjectID("Tag/blue"))
        XCTAssertLessThan(hashed, 0)
        XCTAssertEqual(hashed, RelationalKey.key(of: ObjectID("Tag/blue")))
        XCTAssertNotEqual(hashed, RelationalKey.key(of: ObjectID("Tag/green")))
    }
}
