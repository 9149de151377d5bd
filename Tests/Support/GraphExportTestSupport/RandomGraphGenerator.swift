public import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes random models and graphs from a seed, the same ones for the same seed: fuel for checks
/// that must hold for every graph, such as ``GraphCheck`` on a traversal's output.
///
/// A model has 2–6 entities with shuffled names (so model order and name order differ), sometimes
/// sub-entities of earlier ones (whose parents may be abstract), every ``AttributeType`` somewhere,
/// and relationships of every kind: one-to-many, one-to-one, many-to-many, to-one and to-many
/// without an inverse; a quarter of them from an entity to itself, the rest between any two
/// entities (ancestors and sub-entities included), with random deletion rules and optionality.
///
/// A graph fills a model with objects and links them at random through
/// ``InMemoryGraph/link(_:_:to:)`` (so inverses stay consistent), which gives orphans, objects with
/// two possible owners,
/// references to self and cycles; it also builds ownership cycles (`a.parent = b`, `b.parent = a`)
/// on purpose. Values cover every ``Value`` case with their edge cases: null, NaN, ±infinity,
/// `-0.0`, subnormals, empty and Unicode text with control characters, dates far before and after
/// the reference date; with a ``fileFolder``, bytes in files too.
public struct RandomGraphGenerator {
    /// The generator everything is drawn from.
    public var random: SplitMix64
    /// A folder in which binary values may be written as files: when set, about one binary value
    /// in three is a new file there (`value-1`, `value-2`, …: give each generator a folder of its
    /// own), given as ``Value/binaryFile(_:)``, some of them longer than a chunk
    /// (``FileBytes/chunkLength``). `nil`, the default, for graphs that live in memory alone, which
    /// draw the same values as before files existed.
    public var fileFolder: String?
    /// How many files have been written in ``fileFolder``.
    private var fileCount = 0

    /// Creates a generator whose models and graphs are fixed by `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The kinds of relationship a model gets.
    public enum RelationshipKind: CaseIterable, Sendable {
        /// A to-many relationship with a to-one inverse.
        case oneToMany
        /// A to-one relationship with a to-one inverse.
        case oneToOne
        /// A to-many relationship with a to-many inverse.
        case manyToMany
        /// A to-one relationship with no inverse.
        case toOneWithoutInverse
        /// A to-many relationship with no inverse.
        case toManyWithoutInverse
    }

    private static let entityNames = [
        "Album", "Photo", "Person", "Tag", "Note", "Folder", "Item", "Zone", "Event", "Box", "Áccent",
    ]

    /// A random model, with the entities given as plain descriptions.
    public mutating func makeEntities() -> [EntityInfo] {
        let count = random.int(in: 2...6)
        let names = Array(random.shuffled(Self.entityNames).prefix(count))
        var entities = names.map { EntityInfo(name: $0) }
        for index in entities.indices.dropFirst() where random.chance(0.35) {
            entities[index].parent = entities[random.int(in: 0...(index - 1))].name
        }
        let parents = Set(entities.compactMap(\.parent))
        for index in entities.indices {
            let hasChildren = parents.contains(entities[index].name)
            entities[index].isAbstract = hasChildren ? random.chance(0.5) : random.chance(0.05)
        }
        if entities.allSatisfy(\.isAbstract) { entities[entities.count - 1].isAbstract = false }

        var propertyNumber = 0
        func nextName(_ stem: String) -> String {
            propertyNumber += 1
            return "\(stem)\(propertyNumber)"
        }
        var types = random.shuffled(AttributeType.allCases)
        for _ in 0..<random.int(in: 0...(3 * count)) { types.append(random.pick(AttributeType.allCases)) }
        for type in types {
            let entity = random.int(in: 0...(count - 1))
            entities[entity].attributes.append(
                AttributeInfo(name: nextName(Self.stem(of: type)), type: type, isOptional: random.chance(0.7)))
        }

        var owned: [Int] = []
        for _ in 0..<random.int(in: 1...7) {
            let from = random.int(in: 0...(count - 1))
            var to = random.chance(0.25) ? from : random.int(in: 0...(count - 1))
            let kind = random.pick(RelationshipKind.allCases)
            if kind == .oneToMany, !owned.isEmpty, random.chance(0.3) { to = random.pick(owned) }
            if kind == .oneToMany { owned.append(to) }
            addRelationship(kind, from: from, to: to, in: &entities, name: nextName)
        }
        return entities
    }

    /// A random model. Traps if the model it makes does not resolve, which would be a bug here.
    public mutating func makeModel() -> GraphModel {
        let entities = makeEntities()
        do {
            return try GraphModel(entities: entities)
        } catch {
            preconditionFailure("RandomGraphGenerator made an invalid model: \(error)")
        }
    }

    /// A random graph of a random model.
    public mutating func makeGraph(maxObjectsPerEntity: Int = 8) throws -> InMemoryGraph {
        try makeGraph(of: makeModel(), maxObjectsPerEntity: maxObjectsPerEntity)
    }

    /// A random graph of `model`: up to `maxObjectsPerEntity` objects per concrete entity, random
    /// values, random links through every relationship, and ownership cycles.
    public mutating func makeGraph(of model: GraphModel, maxObjectsPerEntity: Int = 8) throws -> InMemoryGraph {
        let graph = InMemoryGraph(model: model)
        var objects: [ObjectKey] = []
        for entity in model.concreteEntities {
            for _ in 0..<random.int(in: 0...maxObjectsPerEntity) {
                var values: [String: Value] = [:]
                for attribute in model.attributes(of: entity) {
                    values[attribute.name] = value(of: attribute.type)
                }
                objects.append(try graph.add(model.entities[entity].name, values))
            }
        }
        for (entity, info) in model.entities.enumerated() {
            for relationship in info.relationships {
                guard let destination = model.index(of: relationship.destination) else { continue }
                let sources = objects.filter { model.entity($0.entity, isKindOf: entity) }
                let destinations = objects.filter { model.entity($0.entity, isKindOf: destination) }
                guard !sources.isEmpty, !destinations.isEmpty else { continue }
                for _ in 0..<random.int(in: 0...(sources.count + destinations.count)) {
                    let from = random.pick(sources)
                    let to = random.chance(0.1) && destinations.contains(from) ? from : random.pick(destinations)
                    if let inverse = relationship.inverse, random.chance(0.3) {
                        try graph.link(to, inverse, to: from)
                    } else {
                        try graph.link(from, relationship.name, to: to)
                    }
                }
                try makeOwnershipCycle(through: relationship, among: destinations, sources: sources, in: graph)
            }
        }
        return graph
    }

    /// Links two or three objects so that each owns the next and the last owns the first, when the
    /// relationship is the to-many side of a one-to-many whose two ends accept the same objects.
    private mutating func makeOwnershipCycle(
        through relationship: RelationshipInfo, among destinations: [ObjectKey], sources: [ObjectKey],
        in graph: InMemoryGraph
    ) throws {
        guard relationship.isToMany, let inverse = relationship.inverse, random.chance(0.5) else { return }
        let both = destinations.filter { sources.contains($0) }
        guard both.count >= 2 else { return }
        let members = Array(random.shuffled(both).prefix(random.int(in: 2...3)))
        guard graph.model.relationships(of: members[0].entity).contains(where: { $0.name == inverse && !$0.isToMany })
        else { return }
        for (index, member) in members.enumerated() {
            try graph.link(member, inverse, to: members[(index + 1) % members.count])
        }
    }

    private mutating func addRelationship(
        _ kind: RelationshipKind, from: Int, to: Int, in entities: inout [EntityInfo],
        name: (String) -> String
    ) {
        let source = entities[from].name
        let destination = entities[to].name
        let forward: RelationshipInfo
        var backward: RelationshipInfo?
        switch kind {
        case .oneToMany:
            let many = name("items")
            let one = name("owner")
            forward = RelationshipInfo(
                name: many, destination: destination, isToMany: true, isOrdered: random.chance(0.5), inverse: one,
                deletionRule: random.chance(0.5) ? .cascade : randomRule(), isOptional: random.chance(0.8))
            backward = RelationshipInfo(
                name: one, destination: source, isToMany: false, inverse: many, deletionRule: randomRule(),
                isOptional: random.chance(0.7))
        case .oneToOne:
            let there = name("partner")
            let back = name("partnerOf")
            forward = RelationshipInfo(
                name: there, destination: destination, isToMany: false, inverse: back,
                deletionRule: randomRule(), isOptional: random.chance(0.6))
            backward = RelationshipInfo(
                name: back, destination: source, isToMany: false, inverse: there, deletionRule: randomRule(),
                isOptional: random.chance(0.6))
        case .manyToMany:
            let there = name("links")
            let back = name("linkedFrom")
            forward = RelationshipInfo(
                name: there, destination: destination, isToMany: true, isOrdered: random.chance(0.3), inverse: back,
                deletionRule: randomRule())
            backward = RelationshipInfo(
                name: back, destination: source, isToMany: true, inverse: there, deletionRule: randomRule())
        case .toOneWithoutInverse:
            forward = RelationshipInfo(
                name: name("pointer"), destination: destination, isToMany: false, deletionRule: randomRule(),
                isOptional: random.chance(0.7))
        case .toManyWithoutInverse:
            forward = RelationshipInfo(
                name: name("mentions"), destination: destination, isToMany: true, isOrdered: random.chance(0.5),
                deletionRule: randomRule())
        }
        entities[from].relationships.append(forward)
        if let backward { entities[to].relationships.append(backward) }
    }

    private mutating func randomRule() -> DeletionRule {
        random.pick([.nullify, .nullify, .cascade, .deny, .noAction])
    }

    private static func stem(of type: AttributeType) -> String {
        switch type {
        case .integer16: return "small"
        case .integer32: return "count"
        case .integer64: return "big"
        case .decimal: return "amount"
        case .double: return "ratio"
        case .float: return "scale"
        case .string: return "title"
        case .boolean: return "flag"
        case .date: return "when"
        case .binary: return "blob"
        case .uuid: return "uuid"
        case .uri: return "link"
        case .transformable: return "thing"
        }
    }

    // MARK: - Values

    /// A random value for an attribute of `type`, `null` about one time in eight.
    public mutating func value(of type: AttributeType) -> Value {
        if random.chance(0.125) { return .null }
        switch type {
        case .integer16: return .integer(integer(bits: 16))
        case .integer32: return .integer(integer(bits: 32))
        case .integer64: return .integer(integer(bits: 64))
        case .decimal: return .decimal(decimalText())
        case .double: return .double(double())
        case .float: return .double(Double(Float(double())))
        case .string: return .string(string())
        case .boolean: return .boolean(random.chance(0.5))
        case .date: return .date(Timestamp(secondsSinceReferenceDate: dateSeconds()))
        case .binary, .transformable:
            if let folder = fileFolder, random.chance(1.0 / 3) { return fileValue(in: folder) }
            return .binary(random.bytes(random.pick([0, 1, 2, 3, 4, 16, 57])))
        case .uuid: return .uuid(UUIDValue(bytes: random.bytes(16))!)
        case .uri: return .uri(random.pick(Self.uris))
        }
    }

    /// Random bytes written to a new file in `folder`, as a file value. Traps if the file cannot
    /// be written, which would be a broken test machine.
    private mutating func fileValue(in folder: String) -> Value {
        let chunk = FileBytes.chunkLength
        let bytes = random.bytes(random.pick([0, 1, 2, 3, 57, chunk - 1, chunk, chunk + 1, 2 * chunk + 2]))
        fileCount += 1
        let path = folder + "/value-\(fileCount)"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "RandomGraphGenerator cannot create \(path): errno \(errno)")
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "RandomGraphGenerator cannot write \(path): errno \(errno)")
        do {
            return .binaryFile(try FileBytes(path: path))
        } catch {
            preconditionFailure("RandomGraphGenerator cannot read back \(path): \(error)")
        }
    }

    private mutating func integer(bits: Int) -> Int64 {
        let low = bits == 64 ? Int64.min : -(Int64(1) << (bits - 1))
        let high = bits == 64 ? Int64.max : (Int64(1) << (bits - 1)) - 1
        switch random.int(in: 0...5) {
        case 0: return random.pick([low, high, 0, -1, 1])
        case 1: return Int64(random.int(in: -1000...1000))
        default: return Int64(bitPattern: random.next()) >> (64 - bits)
        }
    }

    /// Special doubles, then doubles from random bits, then doubles of every magnitude.
    public mutating func double() -> Double {
        switch random.int(in: 0...3) {
        case 0: return random.pick(Self.specialDoubles)
        case 1: return Double(bitPattern: random.next())
        default:
            let magnitude = (random.unit() * 2 - 1) * pow10(random.int(in: -20...20))
            return random.chance(0.5) ? magnitude : (magnitude * 1000).rounded() / 1000
        }
    }

    /// Seconds since the reference date: round and fractional, near and far, before and after,
    /// up to past year 9999 and before year 1, and now and then not finite.
    public mutating func dateSeconds() -> Double {
        switch random.int(in: 0...4) {
        case 0: return random.pick(Self.specialDates)
        case 1: return (random.unit() * 2 - 1) * 1e9
        case 2: return ((random.unit() * 2 - 1) * 1e9 * 1000).rounded() / 1000
        case 3: return Double(random.int(in: -70_000_000_000...260_000_000_000))
        default: return (random.unit() * 2 - 1) * pow10(random.int(in: -6...14))
        }
    }

    private mutating func decimalText() -> String {
        switch random.int(in: 0...2) {
        case 0:
            return random.pick([
                "0", "-0", "3", "-12.50", "0.000001", "1e-05", "+3E2", "12345678901234567890.123456789",
            ])
        default:
            let whole = String(random.int(in: 0...1_000_000))
            let fraction = String(random.int(in: 0...999_999))
            return (random.chance(0.3) ? "-" : "") + whole + (random.chance(0.5) ? "." + fraction : "")
        }
    }

    private mutating func string() -> String {
        switch random.int(in: 0...2) {
        case 0: return random.pick(Self.specialStrings)
        default:
            let pieces = (0..<random.int(in: 0...6)).map { _ in random.pick(Self.stringPieces) }
            return pieces.joined()
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    private static let specialDoubles: [Double] = [
        0, -0.0, .nan, -.nan, .signalingNaN, .infinity, -.infinity, 1, -1, 0.1, 1e-05, 1e21, 1e22,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .ulpOfOne, .pi, 9_007_199_254_740_992, 123_456_789.123_456_78,
        Double(Float.greatestFiniteMagnitude), Double(Float.leastNonzeroMagnitude),
    ]

    private static let specialDates: [Double] = [
        0, -0.0, 526_914_238.203_19, -631_064_399, -0.5, 1e-05, -1e-05, 0.001, 86_399.999,
        -63_113_904_000, -63_113_904_000.5, -63_145_526_400, 252_423_993_600, 252_423_993_599.999,
        1e14, -1e14, 9.99e14, .nan, .infinity, -.infinity, 1e300,
    ]

    private static let specialStrings = [
        "", " ", "  leading and trailing  ", "yes", "no", "true", "null", "~", "0x1F", "1e3", "-", "---",
        "<a href=\"x\">&amp;</a>", "'single' \"double\"", "tab\there", "line\nbreak", "cr\r\nlf",
        "\u{01}\u{02}\u{1F}", "nul\u{0}inside", "\u{7F}\u{85}", "\u{FFFE}\u{FFFF}", "\u{FEFF}bom",
        "é", "e\u{301}", "日本語テキスト", "👩‍👩‍👧‍👦", "🇫🇷", "עברית", "\u{202E}reversed", "\\back\\slash",
        "{\"json\": [1, 2]}", "key: value", "# not a comment", "*anchor", "&ref", "]]>", "%s%d",
    ]

    private static let stringPieces = [
        "a", "Z", "0", " ", "é", "ß", "日", "😀", "\u{0}", "\u{1}", "\t", "\n", "\r", "\"", "'", "<", "&",
        "\\", "\u{2028}", "\u{FFFD}", "\u{10FFFF}",
    ]

    private static let uris = [
        "https://example.com/a/b?c=d&e=f#g", "x-coredata://0E1B2C3D/Item/p42", "file:///tmp/a%20b.txt",
        "mailto:someone@example.com", "urn:isbn:0451450523", "", "https://例え.jp/パス",
    ]
}
