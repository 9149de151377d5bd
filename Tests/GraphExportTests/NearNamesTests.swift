import XCTest

@testable import GraphExport

/// The names suggested for one a store does not have, and the bounded list of what it has.
final class NearNamesTests: XCTestCase {
    private let entities = ["ICAccount", "ICFolder", "ICNote", "ICNoteContainer", "ICNoteData", "ICMedia"]

    /// The same name in another case is the one meant; then names a few edits away, nearest
    /// first (one letter is one edit); without near names, those that contain it.
    func testTheSuggestionsAreTheSameNameInAnotherCaseThenNearNamesThenThoseThatContainIt() {
        let cases: [(name: String, among: [String], suggested: [String])] = [
            ("icnote", entities, ["ICNote"]), ("ICFOLDER", entities, ["ICFolder"]),
            ("ICFoldr", entities, ["ICFolder"]), ("ICNot", entities, ["ICNote"]),
            ("titel", ["title", "tile", "subtitle"], ["title", "tile"]), ("nots", ["notes", "children"], ["notes"]),
            ("Container", entities, ["ICNoteContainer"]), ("zzzz", entities, []), ("x", ["y", "xylophone"], ["y"]),
        ]
        for (name, among, suggested) in cases {
            XCTAssertEqual(NearNames.suggestions(for: name, among: among), suggested, name)
        }
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
            SelectionError.unknownEntity("icnote", known: entities).description,
            "no entity 'icnote'; did you mean 'ICNote'? (entities: ICAccount, ICFolder, ICNote, ICNoteContainer, "
                + "ICNoteData, ICMedia)")
        XCTAssertEqual(
            SelectionError.unknownProperty(entity: "Track", property: "composer", known: ["Name", "Composer"])
                .description,
            "entity 'Track' has no attribute or relationship 'composer'; did you mean 'Composer'? "
                + "(attributes and relationships: Name, Composer)")
    }
}
