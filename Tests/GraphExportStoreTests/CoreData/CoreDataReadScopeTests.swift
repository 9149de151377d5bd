import GraphExport
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// A store one of whose properties graphexport cannot find the storage of
/// (``HandBuiltStores/unknownJoinTableLayout``: `Person.peers`) is an error that names the options
/// that leave it out, and with either the rest of the store exports: the store looks only for what
/// its ``ReadScope`` reads.
final class CoreDataReadScopeTests: XCTestCase {
    func testAPropertyWhoseStorageCannotBeFoundNamesTheOptionsThatLeaveItOut() throws {
        let written = try HandBuiltStores.unknownJoinTableLayout.written(for: self)
        XCTAssertThrowsError(try open(written, .everything)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(written.path): column Z_1PEERS.REFLEXIVE for Person.peers is missing, with or without a numeric "
                    + "suffix; Z_1PEERS has MIRROR instead: the model does not fit the store; to export the rest, "
                    + "leave it out with --exclude-attribute Person.peers (or its entity with --exclude-entity Person)")
        }
    }

    func testLeavingThePropertyOutExportsEverythingElse() throws {
        let built = HandBuiltStores.unknownJoinTableLayout
        let written = try built.written(for: self)
        let scopes = [
            ReadScope(adjustment: ModelAdjustment(excludedProperties: ["Person.peers"])),
            ReadScope(adjustment: ModelAdjustment(keptProperties: ["Person.name,notes"])),
        ]
        for scope in scopes {
            let store = try open(written, scope)
            let source = try AdjustedSource(store, adjustment: scope.adjustment)
            let person = try XCTUnwrap(source.model.index(of: "Person"))
            XCTAssertEqual(source.model.relationships(of: person).map(\.name), ["notes"], "\(scope)")
            for shape in ExportShape.allCases {
                let export = try CheckedExport(source, shape: shape, warnings: CollectedWarnings())
                XCTAssertTrue(export.check.isValid, "\(scope) \(shape):\n\(export.check.summary())")
                XCTAssertEqual(export.objects.counts, ["Person": 2, "Note": 3], "\(scope) \(shape)")
                XCTAssertEqual(
                    export.graph[ObjectID(built.id("Person", 1))]?.ids("notes"),
                    [ObjectID(built.id("Note", 1)), ObjectID(built.id("Note", 2))], "\(scope) \(shape)")
                XCTAssertNil(export.graph[ObjectID(built.id("Person", 1))]?.ids("peers"), "\(scope) \(shape)")
            }
            let description = try store.storeDescription()
            XCTAssertEqual(
                description.entities.first { $0.name == "Person" }?.relationships.map(\.info.name), ["notes"],
                "inspect lists what is read")
        }
    }

    func testLeavingTheEntityOutExportsTheOthersWithReferencesToIt() throws {
        let built = HandBuiltStores.unknownJoinTableLayout
        let written = try built.written(for: self)
        let store = try open(written, ReadScope(excluded: ["Person"]))
        let person = try XCTUnwrap(store.model.index(of: "Person"))
        let selection = Selection(
            entities: try Selection.entities(including: [], excluding: ["Person"], exact: false, in: store.model))
        for shape in ExportShape.allCases {
            let export = try CheckedExport(store, shape: shape, selection: selection, warnings: CollectedWarnings())
            XCTAssertEqual(export.objects.counts, ["Note": 3], "\(shape)")
            XCTAssertEqual(
                export.graph[ObjectID(built.id("Note", 3))]?.ids("person"), [ObjectID(built.id("Person", 2))],
                "\(shape)")
        }
        let notes = try XCTUnwrap(store.model.relationships(of: person).firstIndex { $0.name == "notes" })
        XCTAssertThrowsError(try store.destinations(of: ObjectKey(entity: person, row: 1), through: notes)) { error in
            XCTAssertEqual(error as? CoreDataError, .propertyNotRead(path: written.path, property: "Person.notes"))
        }
        XCTAssertEqual(try store.record(ObjectKey(entity: person, row: 1))?.values, [.null], "its values are not read")
    }

    /// A scope names properties on the entity that declares them; a name the model does not have
    /// reads what it would without it (the export's own checks refuse it).
    func testAScopeReadsEveryPropertySomeWrittenObjectHas() throws {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Item", isAbstract: true, attributes: [AttributeInfo(name: "title", type: .string)],
                relationships: [RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "items")]),
            EntityInfo(name: "Note", parent: "Item", attributes: [AttributeInfo(name: "body", type: .string)]),
            EntityInfo(name: "Photo", parent: "Item", attributes: [AttributeInfo(name: "data", type: .binary)]),
            EntityInfo(
                name: "Tag", attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [RelationshipInfo(name: "items", destination: "Item", isToMany: true, inverse: "tags")]),
        ])
        func read(_ scope: ReadScope) -> [String] {
            let reads = scope.reads(in: model)
            return model.entities.indices.flatMap { entity in
                (model.entities[entity].attributes.map(\.name) + model.entities[entity].relationships.map(\.name))
                    .filter { reads.reads(DeclaredProperty(entity: entity, name: $0)) }
                    .map { "\(model.entities[entity].name).\($0)" }
            }
        }
        let everything = ["Item.title", "Item.tags", "Note.body", "Photo.data", "Tag.name", "Tag.items"]
        XCTAssertEqual(read(.everything), everything)
        XCTAssertEqual(read(ReadScope(excluded: ["Photo"])), everything.filter { $0 != "Photo.data" })
        XCTAssertEqual(read(ReadScope(excluded: ["Item"])), ["Tag.name", "Tag.items"])
        XCTAssertEqual(read(ReadScope(included: ["Note"])), ["Item.title", "Item.tags", "Note.body"])
        XCTAssertEqual(
            read(
                ReadScope(adjustment: ModelAdjustment(excludedProperties: ["Item.tags"], keptProperties: ["Tag.name"]))),
            ["Item.title", "Note.body", "Photo.data", "Tag.name"])
        XCTAssertEqual(
            read(
                ReadScope(
                    adjustment: ModelAdjustment(excludedProperties: ["Note.title", "Nope.x"]), excluded: ["Nope"])),
            everything, "names the model does not have, or not on their declarer, change nothing")
    }

    private func open(_ written: (path: String, model: String), _ scope: ReadScope) throws -> CoreDataStore {
        try CoreDataStore(
            path: written.path, model: try ModelFile.load(path: written.model),
            options: CoreDataStoreOptions(scope: scope))
    }
}
