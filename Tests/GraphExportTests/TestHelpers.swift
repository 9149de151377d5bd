import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// Builds a model from entity descriptions, failing the test if it does not resolve.
func makeModel(_ entities: [EntityInfo], file: StaticString = #filePath, line: UInt = #line) throws -> GraphModel {
    do {
        return try GraphModel(entities: entities)
    } catch {
        XCTFail("model does not resolve: \(error)", file: file, line: line)
        throw error
    }
}

/// A to-many relationship.
func toMany(
    _ name: String, _ destination: String, inverse: String? = nil, rule: DeletionRule = .nullify,
    ordered: Bool = false
) -> RelationshipInfo {
    RelationshipInfo(
        name: name, destination: destination, isToMany: true, isOrdered: ordered, inverse: inverse, deletionRule: rule)
}

/// A to-one relationship.
func toOne(
    _ name: String, _ destination: String, inverse: String? = nil, rule: DeletionRule = .nullify,
    optional: Bool = true
) -> RelationshipInfo {
    RelationshipInfo(
        name: name, destination: destination, isToMany: false, inverse: inverse, deletionRule: rule,
        isOptional: optional)
}

extension XCTestCase {
    /// A fresh empty folder, removed at the end of the test.
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graphexport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}

/// A graph of `model` with one object of each entity named in `objects`, added in order, then the
/// `links` made: from an object, through the relationship named, to an object, each by its index.
func linkedGraph(_ model: GraphModel, _ objects: [String], _ links: [(Int, String, Int)] = []) throws -> InMemoryGraph {
    let graph = InMemoryGraph(model: model)
    let keys = try objects.map { try graph.add($0) }
    for (from, name, to) in links { try graph.link(keys[from], name, to: keys[to]) }
    return graph
}

/// The result of exporting a source with a recording writer and checking the stream.
struct Export {
    var recording: RecordingGraphWriter
    var check: GraphCheck
    var warnings: [Warning]

    /// The stream without attributes: `Folder/1{items[Item/2{folder[→Folder/1]}]}`, objects
    /// separated by spaces.
    var outline: String { outlineOf(recording.events) }

    /// The ids of the objects written at the top level, in order.
    var topLevel: [String] {
        var depth = 0
        var ids: [String] = []
        for event in recording.events {
            if case .beginObject(_, let id) = event {
                if depth == 0 { ids.append(id.text) }
                depth += 1
            }
            if event == .endObject { depth -= 1 }
        }
        return ids
    }
}

/// Exports `source` in `shape`, checks the stream, and fails the test on any problem unless
/// `expectProblems` is set.
func export(
    _ source: any GraphSource, shape: ExportShape = .tree, expectProblems: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Export {
    let recording = RecordingGraphWriter()
    var warnings: [Warning] = []
    try GraphTraversal(source: source, shape: shape, onWarning: { warnings.append($0) }).run(into: recording)
    let check = try GraphCheck(recording: recording, source: source)
    if !expectProblems {
        XCTAssert(check.isValid, "GraphCheck found problems:\n\(check.summary())", file: file, line: line)
    }
    return Export(recording: recording, check: check, warnings: warnings)
}

/// A compact text form of an event stream, without attribute values.
func outlineOf(_ events: [GraphEvent]) -> String {
    var text = ""
    var needsSpace = false
    for event in events {
        switch event {
        case .beginObject(_, let id):
            if needsSpace { text += " " }
            text += "\(id){"
            needsSpace = false
        case .changedProperties(let names):
            text += "@changed(\(names.joined(separator: ",")))"
        case .deleted:
            text += "@deleted"
        case .attribute:
            continue
        case .beginRelationship(let name, _):
            if needsSpace { text += " " }
            text += "\(name)["
            needsSpace = false
        case .reference(let id):
            if needsSpace { text += " " }
            text += "→\(id)"
            needsSpace = true
        case .endRelationship:
            text += "]"
            needsSpace = true
        case .endObject:
            text += "}"
            needsSpace = true
        }
    }
    return text
}

/// A source that is another with some of its objects hidden (owners and destinations that are
/// missing, as in a damaged store), and that counts the runs it is told have finished
/// (``GraphSource/didFinishRun()``).
final class HidingSource: WrappingSource {
    let base: any GraphSource
    let hidden: Set<ObjectKey>
    private(set) var finishedRuns = 0

    init(_ base: InMemoryGraph, hiding hidden: Set<ObjectKey> = []) {
        self.base = base
        self.hidden = hidden
    }

    var model: GraphModel { base.model }

    func scan(_ entity: Int) throws -> any ObjectCursor {
        let cursor = try base.scan(entity)
        return Cursor { [hidden] in
            while let record = try cursor.next() {
                if !hidden.contains(record.key) { return record }
            }
            return nil
        }
    }

    func record(_ key: ObjectKey) throws -> ObjectRecord? {
        hidden.contains(key) ? nil : try base.record(key)
    }

    func destinations(of key: ObjectKey, through relationship: Int) throws -> [ObjectKey] {
        try base.destinations(of: key, through: relationship)
    }

    func destinationRecords(of key: ObjectKey, through relationship: Int) throws -> (any ObjectCursor)? {
        nil
    }

    func scan(_ entity: Int, withoutDestinationsIn relationships: [Int]) throws -> any ObjectCursor {
        ToOneFilterCursor(try scan(entity), withoutDestinationsIn: relationships)
    }

    func count(_ entity: Int) throws -> Int {
        try scan(entity).countRemaining()
    }

    func destinationsInScanOrder(of entity: Int, through relationship: Int) throws -> any DestinationCursor {
        PerObjectDestinations(of: self, through: relationship)
    }

    func didFinishRun() {
        finishedRuns += 1
    }

    private final class Cursor: ObjectCursor {
        let advance: () throws -> ObjectRecord?
        init(_ advance: @escaping () throws -> ObjectRecord?) { self.advance = advance }
        func nextBorrowed() throws -> BorrowedRecord? { try advance().map(BorrowedRecord.init) }
    }
}
