import GraphExport
import GraphExportTestSupport
import XCTest

final class GraphModelTests: XCTestCase {
    private func names(_ attributes: [AttributeInfo]) -> [String] { attributes.map(\.name) }
    private func names(_ relationships: [ResolvedRelationship]) -> [String] { relationships.map(\.name) }

    func testInheritanceFlattensParentsFirst() throws {
        let model = try makeModel([
            EntityInfo(
                name: "Leaf", parent: "Middle", attributes: [AttributeInfo(name: "leafOnly", type: .boolean)],
                relationships: [toOne("buddy", "Root")]),
            EntityInfo(
                name: "Root", isAbstract: true,
                attributes: [AttributeInfo(name: "created", type: .date), AttributeInfo(name: "name", type: .string)],
                relationships: [toMany("tags", "Tag", inverse: "things")]),
            EntityInfo(
                name: "Middle", parent: "Root", attributes: [AttributeInfo(name: "size", type: .integer32)],
                relationships: [toOne("owner", "Tag")]),
            EntityInfo(name: "Tag", relationships: [toMany("things", "Root", inverse: "tags")]),
        ])
        let root = try XCTUnwrap(model.index(of: "Root"))
        let middle = try XCTUnwrap(model.index(of: "Middle"))
        let leaf = try XCTUnwrap(model.index(of: "Leaf"))
        let tag = try XCTUnwrap(model.index(of: "Tag"))

        XCTAssertEqual(names(model.attributes(of: root)), ["created", "name"])
        XCTAssertEqual(names(model.attributes(of: middle)), ["created", "name", "size"])
        XCTAssertEqual(names(model.attributes(of: leaf)), ["created", "name", "size", "leafOnly"])
        XCTAssertEqual(names(model.relationships(of: leaf)), ["tags", "owner", "buddy"])
        for (parent, child) in [(root, middle), (middle, leaf)] {
            XCTAssertEqual(
                Array(model.attributes(of: child).prefix(model.attributes(of: parent).count)),
                model.attributes(of: parent))
            XCTAssertEqual(
                Array(model.relationships(of: child).prefix(model.relationships(of: parent).count)),
                model.relationships(of: parent))
        }
        XCTAssertEqual(model.relationships(of: leaf)[0].destination, tag)
        XCTAssertEqual(model.relationships(of: leaf)[0].inverse, 0)
        XCTAssertEqual(model.relationships(of: tag)[0].inverse, 0, "the inverse indexes the destination's list")
        XCTAssertEqual(model.concreteEntities, [leaf, middle, tag])
        XCTAssertTrue(model.entity(leaf, isKindOf: root))
        XCTAssertTrue(model.entity(leaf, isKindOf: leaf))
        XCTAssertFalse(model.entity(root, isKindOf: leaf))
        XCTAssertFalse(model.entity(tag, isKindOf: root))
        XCTAssertEqual(model.root(of: leaf), root)
        XCTAssertEqual(model.root(of: root), root)
        XCTAssertEqual(model.entities.map(\.name), ["Leaf", "Root", "Middle", "Tag"])
        XCTAssertNil(model.index(of: "Nope"))
    }

    func testErrorsNameWhatIsWrong() {
        let cases: [([EntityInfo], GraphModelError, String)] = [
            (
                [EntityInfo(name: "A"), EntityInfo(name: "B"), EntityInfo(name: "A")],
                .duplicateEntity("A"), "the model defines entity 'A' twice"
            ),
            (
                [EntityInfo(name: "A", relationships: [toOne("b", "B")])],
                .unknownDestination(entity: "A", relationship: "b", destination: "B"),
                "A.b points at entity 'B', which the model does not define"
            ),
            (
                [EntityInfo(name: "A", relationships: [toOne("b", "B", inverse: "a")]), EntityInfo(name: "B")],
                .unknownInverse(entity: "A", relationship: "b", inverse: "a"),
                "A.b names inverse 'a', which its destination does not define"
            ),
            (
                [EntityInfo(name: "A", parent: "Base")],
                .unknownParent(entity: "A", parent: "Base"),
                "entity 'A' names parent 'Base', which the model does not define"
            ),
            (
                [EntityInfo(name: "A", parent: "A")],
                .inheritanceCycle(entity: "A"), "entity 'A' is its own ancestor"
            ),
            (
                [
                    EntityInfo(name: "A", parent: "B"), EntityInfo(name: "B", parent: "C"),
                    EntityInfo(name: "C", parent: "A"),
                ],
                .inheritanceCycle(entity: "A"), "entity 'A' is its own ancestor"
            ),
            (
                [
                    EntityInfo(name: "A", parent: "B"), EntityInfo(name: "B", parent: "C"),
                    EntityInfo(name: "C", parent: "B"),
                ],
                .inheritanceCycle(entity: "A"), "entity 'A' is its own ancestor"
            ),
        ]
        for (entities, expected, message) in cases {
            XCTAssertThrowsError(try GraphModel(entities: entities)) { error in
                XCTAssertEqual(error as? GraphModelError, expected)
                XCTAssertEqual((error as? GraphModelError)?.description, message)
            }
        }
    }

    /// An inverse declared on the destination's parent resolves; one declared only on a
    /// sub-entity of the destination does not.
    func testInverseIsLookedUpAmongTheDestinationsInheritedRelationships() throws {
        XCTAssertNoThrow(
            try GraphModel(entities: [
                EntityInfo(name: "Base", relationships: [toMany("notes", "Note", inverse: "subject")]),
                EntityInfo(name: "Sub", parent: "Base"),
                EntityInfo(name: "Note", relationships: [toOne("subject", "Sub", inverse: "notes")]),
            ]))
        XCTAssertThrowsError(
            try GraphModel(entities: [
                EntityInfo(name: "Base"),
                EntityInfo(name: "Sub", parent: "Base", relationships: [toMany("notes", "Note", inverse: "subject")]),
                EntityInfo(name: "Note", relationships: [toOne("subject", "Base", inverse: "notes")]),
            ])
        ) { error in
            XCTAssertEqual(
                error as? GraphModelError, .unknownInverse(entity: "Note", relationship: "subject", inverse: "notes"))
        }
    }

    func testWhichRelationshipsNest() throws {
        let model = try makeModel([
            EntityInfo(
                name: "Folder",
                relationships: [
                    toMany("items", "Item", inverse: "folder"), toMany("tags", "Item", inverse: "tagged"),
                    toOne("pinned", "Item"), toMany("recent", "Item"),
                ]),
            EntityInfo(
                name: "Item",
                relationships: [
                    toOne("folder", "Folder", inverse: "items", rule: .cascade),
                    toMany("tagged", "Folder", inverse: "tags"),
                ]),
        ])
        let nests =
            model.relationships(of: 0).map(\.nestsDestination) + model.relationships(of: 1).map(\.nestsDestination)
        XCTAssertEqual(nests, [true, false, false, false, false, false])
    }

    /// One side of a one-to-one pair: its entity, the relationship's name, rule and optionality.
    private typealias OneToOneSide = (entity: String, name: String, rule: DeletionRule, optional: Bool)

    private func oneToOne(_ left: OneToOneSide, _ right: OneToOneSide) throws -> (left: Bool, right: Bool) {
        let leftInfo = toOne(left.name, right.entity, inverse: right.name, rule: left.rule, optional: left.optional)
        let rightInfo = toOne(right.name, left.entity, inverse: left.name, rule: right.rule, optional: right.optional)
        let entities =
            left.entity == right.entity
            ? [EntityInfo(name: left.entity, relationships: [leftInfo, rightInfo])]
            : [
                EntityInfo(name: left.entity, relationships: [leftInfo]),
                EntityInfo(name: right.entity, relationships: [rightInfo]),
            ]
        let model = try makeModel(entities)
        let all = model.entities.indices.flatMap { model.relationships(of: $0) }
        let leftNests = try XCTUnwrap(all.first { $0.name == left.name }).nestsDestination
        let rightNests = try XCTUnwrap(all.first { $0.name == right.name }).nestsDestination
        return (leftNests, rightNests)
    }

    /// Of a one-to-one pair only a `Cascade` side whose inverse is not `Cascade` nests; every other
    /// pair is two peers referencing each other, whatever their optionality and names.
    func testOneToOneOwnershipRule() throws {
        let pairs: [(left: OneToOneSide, right: OneToOneSide, nests: [Bool])] = [
            (("Zed", "a", .cascade, true), ("Amy", "b", .nullify, false), [true, false]),
            (("Amy", "a", .deny, false), ("Zed", "b", .cascade, true), [false, true]),
            (("Amy", "a", .noAction, true), ("Zed", "b", .cascade, true), [false, true]),
            (("Zed", "a", .cascade, false), ("Amy", "b", .cascade, true), [false, false]),
            (("Amy", "a", .nullify, true), ("Zed", "b", .noAction, false), [false, false]),
            (("Zed", "a", .nullify, true), ("Amy", "b", .nullify, true), [false, false]),
            (("Node", "previous", .nullify, true), ("Node", "next", .nullify, true), [false, false]),
            (("Node", "previous", .nullify, true), ("Node", "next", .cascade, true), [false, true]),
        ]
        for (left, right, nests) in pairs {
            let result = try oneToOne(left, right)
            XCTAssertEqual([result.left, result.right], nests, "\(left) and \(right)")
        }
    }

    func testASelfInverseOneToOneNeverNests() throws {
        let model = try makeModel([
            EntityInfo(name: "Person", relationships: [toOne("spouse", "Person", inverse: "spouse", rule: .cascade)])
        ])
        XCTAssertFalse(model.relationships(of: 0)[0].nestsDestination)
        XCTAssertEqual(model.ownerRelationships(of: 0), [])
    }

    func testOwnerRelationshipsRankCascadeFirstThenModelOrder() throws {
        let model = try makeModel([
            EntityInfo(name: "Folder", relationships: [toMany("items", "Item", inverse: "folder")]),
            EntityInfo(name: "Album", relationships: [toMany("items", "Item", inverse: "album", rule: .cascade)]),
            EntityInfo(name: "Shelf", relationships: [toMany("items", "Item", inverse: "shelf")]),
            EntityInfo(name: "Box", relationships: [toMany("items", "Item", inverse: "box", rule: .cascade)]),
            EntityInfo(name: "Tag", relationships: [toMany("items", "Item", inverse: "tags")]),
            EntityInfo(name: "Label", relationships: [toOne("item", "Item", inverse: "label", rule: .cascade)]),
            EntityInfo(
                name: "Item",
                relationships: [
                    toOne("folder", "Folder", inverse: "items"),  // 0: owner, Nullify
                    toOne("related", "Item"),  // 1: no inverse
                    toOne("album", "Album", inverse: "items"),  // 2: owner, Cascade
                    toMany("tags", "Tag", inverse: "items"),  // 3: many-to-many
                    toOne("shelf", "Shelf", inverse: "items", rule: .cascade),  // 4: owner, Nullify on the owner's side
                    toOne("box", "Box", inverse: "items"),  // 5: owner, Cascade
                    toOne("label", "Label", inverse: "item"),  // 6: one-to-one owned by the Cascade side
                ]),
        ])
        let item = try XCTUnwrap(model.index(of: "Item"))
        XCTAssertEqual(model.ownerRelationships(of: item), [2, 5, 6, 0, 4])
        XCTAssertEqual(model.ownerRelationships(of: try XCTUnwrap(model.index(of: "Label"))), [])
        XCTAssertEqual(model.ownerRelationships(of: try XCTUnwrap(model.index(of: "Folder"))), [])
    }

    func testSubEntitiesInheritOwners() throws {
        let model = try makeModel([
            EntityInfo(name: "Folder", relationships: [toMany("items", "Item", inverse: "folder")]),
            EntityInfo(name: "Item", isAbstract: true, relationships: [toOne("folder", "Folder", inverse: "items")]),
            EntityInfo(name: "Photo", parent: "Item", relationships: [toOne("cover", "Folder")]),
        ])
        XCTAssertEqual(model.ownerRelationships(of: 2), [0])
        XCTAssertEqual(model.concreteEntities, [0, 2])
    }

    /// Guards against a bug found in 75f8a5e: the one-to-one rule then compared the name of the
    /// concrete entity being resolved with the name of the relationship's declared destination,
    /// so an inherited relationship could nest from one entity and not from its sub-entity. An
    /// inherited relationship must nest exactly as it does in the entity that declares it.
    func testOneToOneOwnershipIsTheSameForInheritedRelationships() throws {
        for (alphaRule, midRule) in [
            (DeletionRule.cascade, DeletionRule.nullify), (.nullify, .cascade), (.deny, .deny),
        ] {
            let model = try makeModel([
                EntityInfo(
                    name: "Alpha", relationships: [toOne("partner", "Mid", inverse: "partnerOf", rule: alphaRule)]),
                EntityInfo(
                    name: "Mid", relationships: [toOne("partnerOf", "Alpha", inverse: "partner", rule: midRule)]),
                EntityInfo(name: "Zulu", parent: "Alpha"),
            ])
            let alphaNests = model.relationships(of: 0)[0].nestsDestination
            let midNests = model.relationships(of: 1)[0].nestsDestination
            let zuluNests = model.relationships(of: 2)[0].nestsDestination

            XCTAssertEqual(alphaNests, alphaRule == .cascade)
            XCTAssertEqual(midNests, midRule == .cascade)
            XCTAssertEqual(zuluNests, alphaNests, "Zulu inherits Alpha.partner; it must nest the same way")
        }
    }
}
