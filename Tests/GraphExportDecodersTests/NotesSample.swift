import Foundation
import GraphExport
import Prerequisites
import XCTest

/// The shared Apple Notes store (macOS 12), copied with its `-wal` and `-shm` into a scratch
/// folder removed when the test ends.
enum NotesSample {
    /// The copy's path.
    static func copy(for test: XCTestCase) throws -> String {
        let source = try Prerequisite.shared("coredata-samples/apple-notes-macos12")
        let scratch = try ScratchFolder(for: test)
        for name in ["NoteStore.sqlite", "NoteStore.sqlite-wal", "NoteStore.sqlite-shm"] {
            try scratch.copy(source.appendingPathComponent(name))
        }
        return scratch.path("NoteStore.sqlite")
    }
}

extension GraphSource {
    /// Every record of the entity named `name`, by key, with its values by attribute name.
    func objects(of name: String) throws -> [ObjectKey: (values: [String: Value], toOne: [String: ObjectKey])] {
        let entity = try XCTUnwrap(model.index(of: name))
        let attributes = model.attributes(of: entity).map(\.name)
        let relationships = model.relationships(of: entity).map(\.name)
        var objects: [ObjectKey: (values: [String: Value], toOne: [String: ObjectKey])] = [:]
        let cursor = try scan(entity)
        while let record = try cursor.next() {
            var toOne: [String: ObjectKey] = [:]
            for (name, key) in zip(relationships, record.toOne) { toOne[name] = key }
            objects[record.key] = (Dictionary(uniqueKeysWithValues: zip(attributes, record.values)), toOne)
        }
        return objects
    }
}
