import XCTest

@testable import GraphExport

/// The names suggested for one a store does not have, and the bounded list of what it has.
final class NearNamesTests: XCTestCase {
    private let entities = ["ICAccount", "ICFolder", "ICNote", "ICNoteContainer", "ICNoteData", "ICMedia"]

    func testTheSameNameInAnotherCaseIsTheOneMeant() {
        XCTAssertEqual(NearNames.suggestions(for: "icnote", among: entities), ["ICNote"])
        XCTAssertEqual(NearNames.suggestions(for: "ICFOLDER", among: entities), ["ICFolder"])
    }

    func testNamesAFewEditsAwayComeNearestFirst() {
        XCTAssertEqual(NearNames.suggestions(for: "ICFoldr", among: entities), ["ICFolder"])
        XCTAssertEqual(NearNames.suggestions(for: "ICNot", among: entities), ["ICNote"])
        XCTAssertEqual(NearNames.suggestions(for: "titel", among: ["title", "tile", "subtitle"]), ["title", "tile"])
        XCTAssertEqual(NearNames.suggestions(for: "nots", among: ["notes", "children"]), ["notes"])
    }

    func testWithoutNearNamesThoseThatContainItAreSuggested() {
        XCTAssertEqual(NearNames.suggestions(for: "Container", among: entities), ["ICNoteContainer"])
        XCTAssertEqual(NearNames.suggestions(for: "zzzz", among: entities), [])
        XCTAssertEqual(NearNames.suggestions(for: "x", among: ["y", "xylophone"]), ["y"], "one letter is one edit")
    }

    func testTheListIsCutWithACount() {
        let many = (1...20).map { "Entity\($0)" }
        let hint = NearNames.hint(for: "entity3", among: many, kind: "entities")
        XCTAssertEqual(
            hint,
            "; did you mean 'Entity3'? (entities: " + many.prefix(12).joined(separator: ", ") + ", and 8 more)")
        XCTAssertEqual(NearNames.hint(for: "a", among: [], kind: "attributes"), " (there are no attributes)")
        XCTAssertEqual(NearNames.hint(for: "qqq", among: ["b"], kind: "tables"), " (tables: b)")
    }

    func testSelectionErrorsSayIt() {
        XCTAssertEqual(
            GraphExportError.unknownEntity("icnote", known: entities).description,
            "no entity 'icnote'; did you mean 'ICNote'? (entities: ICAccount, ICFolder, ICNote, ICNoteContainer, "
                + "ICNoteData, ICMedia)")
        XCTAssertEqual(
            GraphExportError.unknownProperty(entity: "Track", property: "composer", known: ["Name", "Composer"])
                .description,
            "entity 'Track' has no attribute or relationship 'composer'; did you mean 'Composer'? "
                + "(attributes and relationships: Name, Composer)")
    }
}
