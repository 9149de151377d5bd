import Foundation
import GraphExport
import GraphExportTestSupport
import XCTest

/// Exports graphs, reads them back with NetworkX's `read_graphml`, and checks one node per object,
/// one edge per link, and every value.
final class GraphMLNetworkXTests: XCTestCase {
    /// One export to check: its source, how it was written, and its bytes.
    private struct Case {
        let name: String
        let source: InMemoryGraph
        let withModel: Bool
        let export: WriterOutput
    }

    private func makeCase(
        _ name: String, _ source: InMemoryGraph, shape: ExportShape = .tree, withModel: Bool = true,
        pretty: Bool = false
    ) throws -> Case {
        let export = try Fixtures.export(source, shape: shape, withModel: withModel, pretty: pretty)
        _ = try export.parsedGraphML()
        return Case(
            name: "\(name) \(shape)\(withModel ? "" : " without model")", source: source, withModel: withModel,
            export: export)
    }

    /// Reads every case with NetworkX in one run and checks each.
    private func check(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        let graphs = try NetworkXReader.read(cases.map(\.export.bytes), file: file, line: line)
        XCTAssertEqual(graphs.count, cases.count, file: file, line: line)
        for (item, graph) in zip(cases, graphs) {
            let problems = try problems(in: graph, of: item)
            XCTAssertTrue(
                problems.isEmpty, "\(item.name):\n" + problems.prefix(20).joined(separator: "\n"), file: file,
                line: line)
        }
    }

    private func problems(in graph: NetworkXReader.Graph, of item: Case) throws -> [String] {
        var problems: [String] = []
        let source = item.source
        let model = source.model
        if !graph.directed { problems.append("the graph is not directed") }
        var expectedHeader = source.document.fields.map { ($0.key, $0.value) }
        expectedHeader.removeAll { $0.0 == "shape" }
        for (key, value) in expectedHeader where graph.graph[key]?.text != value {
            problems.append("header \(key): \(graph.graph[key]?.description ?? "missing"), expected \(value)")
        }

        // One node per object, with its entity and its values.
        var objects: [String: ObjectRecord] = [:]
        for entity in model.concreteEntities {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() { objects[source.id(of: record.key).text] = record }
        }
        if graph.nodes.count != objects.count {
            problems.append("\(graph.nodes.count) nodes for \(objects.count) objects")
        }
        var types: [String: String] = [:]
        for node in graph.nodes {
            guard let record = objects[node.id] else {
                problems.append("node \(node.id) is no object of the source")
                continue
            }
            let entity = model.entities[record.key.entity].name
            types[node.id] = entity
            if node.data["@type"]?.text != entity {
                problems.append("\(node.id): @type \(node.data["@type"]?.description ?? "missing")")
            }
            guard item.withModel else { continue }
            let attributes = model.attributes(of: record.key.entity)
            var expectedNames: Set<String> = ["@type"]
            for (attribute, value) in zip(attributes, record.values) {
                guard let expected = Self.expected(value, attribute.type) else { continue }
                expectedNames.insert(attribute.name)
                guard let actual = node.data[attribute.name] else {
                    problems.append(
                        "\(node.id).\(attribute.name): missing, expected \(expected.type)(\(expected.text))")
                    continue
                }
                if !Self.matches(actual, expected) {
                    problems.append(
                        "\(node.id).\(attribute.name): \(actual), expected \(expected.type)(\(expected.text))")
                }
            }
            if Set(node.data.keys) != expectedNames {
                problems.append("\(node.id): data \(node.data.keys.sorted()), expected \(expectedNames.sorted())")
            }
        }

        // One edge per link.
        let links = try SourceLinks(source)
        if item.withModel {
            var seen: [String] = []
            for edge in graph.edges {
                guard let label = edge.data["label"]?.text, let entity = types[edge.source],
                    let link = links.link(entity: entity, label: label, source: edge.source, target: edge.target)
                else {
                    problems.append("edge \(edge.source) → \(edge.target) \(edge.data) stands for no link")
                    continue
                }
                seen.append(link)
            }
            if seen.count != Set(seen).count { problems.append("some link is written twice") }
            if Set(seen) != links.links {
                problems.append("\(links.links.subtracting(seen).count) links without an edge")
            }
            if graph.edges.count != links.links.count {
                problems.append("\(graph.edges.count) edges for \(links.links.count) links")
            }
        } else {
            let instances = graph.edges.map { "\($0.data["label"]?.text ?? "?")|\($0.source)|\($0.target)" }
            if instances.sorted() != links.instances.sorted() {
                problems.append("\(instances.count) edges for \(links.instances.count) relationship instances")
            }
        }
        return problems
    }

    /// What NetworkX should hold for `value` of an attribute of `type`, or `nil` for null.
    private static func expected(_ value: Value, _ type: AttributeType) -> (type: String, text: String)? {
        switch (type, value) {
        case (_, .null): return nil
        case (.integer16, .integer(let integer)), (.integer32, .integer(let integer)),
            (.integer64, .integer(let integer)):
            return ("int", String(integer))
        case (.double, .double(let double)), (.float, .double(let double)): return ("float", doubleText(double))
        case (.boolean, .boolean(let boolean)): return ("bool", boolean ? "true" : "false")
        case (_, .string(let text)), (_, .uri(let text)), (_, .decimal(let text)): return ("str", xmlSafe(text))
        case (_, .date(let timestamp)):
            return ("str", timestamp.iso8601 ?? doubleText(timestamp.secondsSinceReferenceDate))
        case (_, .binary(let bytes)): return ("str", Data(bytes).base64EncodedString())
        case (_, .uuid(let uuid)): return ("str", uuid.description)
        default: return ("str", "a \(value) in an attribute of type \(type) is not expected here")
        }
    }

    private static func doubleText(_ value: Double) -> String {
        value.isNaN ? "NaN" : value == .infinity ? "INF" : value == -.infinity ? "-INF" : "\(value)"
    }

    /// `text`, or the base64 of its UTF-8 bytes when XML 1.0 cannot hold a character of it.
    private static func xmlSafe(_ text: String) -> String {
        let unholdable = text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
        }
        return unholdable ? Data(text.utf8).base64EncodedString() : text
    }

    private static func matches(_ actual: NetworkXReader.Typed, _ expected: (type: String, text: String)) -> Bool {
        guard actual.type == expected.type else { return false }
        guard expected.type == "float" else { return actual.text.utf8.elementsEqual(expected.text.utf8) }
        let wanted =
            expected.text == "INF" ? Double.infinity : expected.text == "-INF" ? -.infinity : Double(expected.text)
        guard let wanted, let read = Double(actual.text) else { return false }
        return wanted.isNaN ? read.isNaN : wanted.bitPattern == read.bitPattern
    }

    /// All in one test, so that Python and NetworkX start once.
    func testScrapbookRandomAndHostileGraphsReadBackWithOneNodePerObjectAndOneEdgePerLink() throws {
        try check(try scrapbookCases() + randomCases() + hostileCases())
    }

    private func scrapbookCases() throws -> [Case] {
        let graph = try SampleGraphs.scrapbook()
        return [
            try makeCase("scrapbook", graph), try makeCase("scrapbook", graph, shape: .flat),
            try makeCase("scrapbook pretty", graph, pretty: true),
            try makeCase("scrapbook", graph, withModel: false),
        ]
    }

    private func randomCases() throws -> [Case] {
        var cases: [Case] = []
        for seed in UInt64(1)...40 {
            var generator = RandomGraphGenerator(seed: seed)
            let graph = try generator.makeGraph()
            cases.append(try makeCase("seed \(seed)", graph, shape: seed % 2 == 0 ? .tree : .flat))
            if seed % 5 == 0 { cases.append(try makeCase("seed \(seed)", graph, withModel: false)) }
        }
        return cases
    }

    private func hostileCases() throws -> [Case] {
        let model = try GraphModel(entities: [
            EntityInfo.entity(
                "Item",
                [
                    "text": .string, "number": .double, "when": .date, "count": .integer64, "label": .string,
                    "id": .string,
                ],
                relationships: [
                    RelationshipInfo(name: "friends", destination: "Item", isToMany: true, inverse: "friends")
                ])
        ])
        let graph = SampleGraphs.graph(model)
        let texts = [
            "", " ", "  leading and trailing  ", "tab\there", "line\nbreak", "cr\r\nlf", "\r", "\u{01}\u{02}\u{1F}",
            "nul\u{0}inside", "\u{7F}\u{85}", "\u{FFFE}\u{FFFF}", "\u{FEFF}bom", "e\u{301}", "👩‍👩‍👧‍👦",
            "\u{202E}reversed", "<a href=\"x\">&amp;</a>", "]]>", "\u{10FFFF}", "NaN", "true", "0x1F",
        ]
        let numbers: [Double] = [.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, 1e300, 0.1]
        let dates: [Double] = [0, .nan, 1e300, -63_113_904_000.5, 252_423_993_599.999]
        var previous: ObjectKey?
        for (index, text) in texts.enumerated() {
            let item = try graph.add(
                "Item",
                [
                    "text": .string(text), "number": .double(numbers[index % numbers.count]),
                    "when": .date(Timestamp(secondsSinceReferenceDate: dates[index % dates.count])),
                    "count": .integer(index % 2 == 0 ? .min : .max), "label": .string("not the edge label"),
                    "id": .string("not the node id"),
                ])
            if let previous { try graph.link(item, "friends", to: previous) }
            try graph.link(item, "friends", to: item)
            previous = item
        }
        return [try makeCase("hostile", graph), try makeCase("hostile", graph, shape: .flat, pretty: true)]
    }
}
