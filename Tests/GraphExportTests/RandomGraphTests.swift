import GraphExport
import GraphExportTestSupport
import XCTest

/// The traversal on random graphs and on a very deep one, checked by ``GraphCheck``.
final class RandomGraphTests: XCTestCase {
    /// What the random graphs covered, so a change to the generator cannot quietly stop
    /// exercising a case.
    private struct Coverage {
        var graphs = 0
        var objects = 0
        var abstractEntities = 0
        var subEntities = 0
        var kinds: Set<String> = []
        var selfRelationships = 0
        var nestedGraphs = 0
        var deepest = 0
        var ownershipCycles = 0
        var twoOwnerObjects = 0
        var orphans = 0
        var attributeTypes: Set<AttributeType> = []
        var valueCases: Set<String> = []
    }

    func testRandomGraphsExportFaithfullyInBothShapes() throws {
        var coverage = Coverage()
        var failures: [(seed: UInt64, shape: ExportShape, summary: String)] = []
        for seed in UInt64(1)...400 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            for shape in ExportShape.allCases {
                let recording = RecordingGraphWriter()
                try GraphTraversal(source: graph, shape: shape).run(into: recording)
                let check = try GraphCheck(recording: recording, source: graph)
                if !check.isValid { failures.append((seed, shape, check.summary(limit: 3))) }
                if shape == .flat { XCTAssertLessThanOrEqual(check.maxDepth, 1, "seed \(seed)") }
                if shape == .tree {
                    coverage.deepest = max(coverage.deepest, check.maxDepth)
                    if check.maxDepth > 1 { coverage.nestedGraphs += 1 }
                }
            }
            try record(graph, into: &coverage)
        }

        XCTAssert(
            failures.isEmpty,
            "\(failures.count) exports have problems, seeds \(failures.map { "\($0.seed) \($0.shape)" }); the first:\n"
                + failures.prefix(3).map { "seed \($0.seed), \($0.shape) shape:\n\($0.summary)" }.joined(
                    separator: "\n"))
        XCTAssertEqual(coverage.graphs, 400)
        XCTAssertGreaterThan(coverage.objects, 3000)
        XCTAssertGreaterThan(coverage.abstractEntities, 100)
        XCTAssertGreaterThan(coverage.subEntities, 200)
        XCTAssertEqual(coverage.kinds, ["one-to-many", "one-to-one", "many-to-many", "to-one", "to-many"])
        XCTAssertGreaterThan(coverage.selfRelationships, 500)
        XCTAssertGreaterThan(coverage.nestedGraphs, 150)
        XCTAssertGreaterThanOrEqual(coverage.deepest, 5)
        XCTAssertGreaterThan(coverage.ownershipCycles, 150)
        XCTAssertGreaterThan(coverage.twoOwnerObjects, 100)
        XCTAssertGreaterThan(coverage.orphans, 2000)
        XCTAssertEqual(coverage.attributeTypes, Set(AttributeType.allCases))
        XCTAssertEqual(
            coverage.valueCases,
            [
                "null", "integer", "double", "decimal", "string", "boolean", "date", "binary", "uuid", "uri",
                "nan", "infinity", "negative zero", "empty string", "control character", "negative date",
                "date before year 1", "date after year 9999",
            ])
    }

    func testTheGeneratorIsDeterministic() throws {
        for seed: UInt64 in [7, 99, 12345] {
            var first = RandomGraphGenerator(seed: seed)
            var second = RandomGraphGenerator(seed: seed)
            XCTAssertEqual(first.makeEntities(), second.makeEntities())
            let left = RecordingGraphWriter()
            let right = RecordingGraphWriter()
            try GraphTraversal(source: first.makeGraph()).run(into: left)
            try GraphTraversal(source: second.makeGraph()).run(into: right)
            XCTAssertEqual(left.events.count, right.events.count)
            XCTAssert(zip(left.events, right.events).allSatisfy { identical($0, $1) }, "seed \(seed)")
        }
        var random = SplitMix64(seed: 0)
        XCTAssertEqual(random.next(), 0xE220_A839_7B1D_CDAF, "SplitMix64's published first output for seed 0")
    }

    func testADeepChainExportsInTreeShape() throws {
        let length = 100_000
        let result = try export(makeChain(length: length))
        XCTAssertEqual(result.check.maxDepth, length)
        XCTAssertEqual(result.check.objectCount, length)
        XCTAssertEqual(result.check.referenceCount, length - 1)
        XCTAssertEqual(result.recording.events.first, .beginObject(entity: "Node", id: ObjectID("Node/1")))
    }

    private func record(_ graph: InMemoryGraph, into coverage: inout Coverage) throws {
        let model = graph.model
        coverage.graphs += 1
        coverage.abstractEntities += model.entities.filter(\.isAbstract).count
        coverage.subEntities += model.entities.filter { $0.parent != nil }.count
        for (entity, info) in model.entities.enumerated() {
            coverage.attributeTypes.formUnion(info.attributes.map(\.type))
            for relationship in model.relationships(of: entity) {
                let inverse = relationship.inverse.map { model.relationships(of: relationship.destination)[$0] }
                switch (relationship.isToMany, inverse?.isToMany) {
                case (true, false?): coverage.kinds.insert("one-to-many")
                case (false, false?): coverage.kinds.insert("one-to-one")
                case (true, true?): coverage.kinds.insert("many-to-many")
                case (false, nil): coverage.kinds.insert("to-one")
                case (true, nil): coverage.kinds.insert("to-many")
                case (false, true?): break
                }
            }
            coverage.selfRelationships += info.relationships.filter { $0.destination == info.name }.count
        }
        var owners: [ObjectKey: ObjectKey] = [:]
        for entity in model.concreteEntities {
            let cursor = try graph.scan(entity)
            while let record = try cursor.next() {
                coverage.objects += 1
                let ownerCount = model.ownerRelationships(of: entity).filter { record.toOne[$0] != nil }.count
                if ownerCount == 0 { coverage.orphans += 1 }
                if ownerCount >= 2 { coverage.twoOwnerObjects += 1 }
                if let first = model.ownerRelationships(of: entity).first(where: { record.toOne[$0] != nil }) {
                    owners[record.key] = record.toOne[first]
                }
                for value in record.values { coverage.valueCases.formUnion(Self.cases(of: value)) }
            }
        }
        for start in owners.keys {
            var current = owners[start]
            var steps = 0
            while let key = current, key != start, steps < owners.count {
                current = owners[key]
                steps += 1
            }
            if current == start { coverage.ownershipCycles += 1 }
        }
    }

    private static func cases(of value: Value) -> [String] {
        switch value {
        case .null: return ["null"]
        case .integer: return ["integer"]
        case .double(let number):
            if number.isNaN { return ["double", "nan"] }
            if number.isInfinite { return ["double", "infinity"] }
            return number == 0 && number.sign == .minus ? ["double", "negative zero"] : ["double"]
        case .decimal: return ["decimal"]
        case .string(let text):
            if text.isEmpty { return ["string", "empty string"] }
            return text.unicodeScalars.contains { $0.value < 0x20 } ? ["string", "control character"] : ["string"]
        case .boolean: return ["boolean"]
        case .date(let date):
            let seconds = date.secondsSinceReferenceDate
            if seconds < -63_113_904_000 { return ["date", "negative date", "date before year 1"] }
            if seconds >= 252_423_993_600 { return ["date", "date after year 9999"] }
            return seconds < 0 ? ["date", "negative date"] : ["date"]
        case .binary: return ["binary"]
        case .binaryFile: return ["binary file"]
        case .uuid: return ["uuid"]
        case .uri: return ["uri"]
        case .array(let elements): return ["array"] + elements.flatMap(cases(of:))
        case .map(let map): return ["map"] + map.flatMap { cases(of: $0.value) }
        }
    }
}

/// Events equal down to the bits of their values.
func identical(_ left: GraphEvent, _ right: GraphEvent) -> Bool {
    if case .attribute(let leftName, let leftValue) = left, case .attribute(let rightName, let rightValue) = right {
        return leftName == rightName && leftValue.isIdentical(to: rightValue)
    }
    return left == right
}
