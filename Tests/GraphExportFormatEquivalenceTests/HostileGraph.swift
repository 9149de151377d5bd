import GraphExport

/// An in-memory graph of hostile values and names: one object per value, so that a difference
/// names the value. Entity, attribute and relationship names hold spaces, colons, a leading digit,
/// `xmlns`, a literal `_x0041_`, the empty name, line breaks and tabs (for the XML name encoding),
/// and words YAML would type (`null`, `yes`, `~`, `0x1F`); header fields hold characters XML 1.0
/// cannot.
enum HostileGraph {
    /// Every control character U+0001–U+001F and U+007F, in order.
    static let controlCharacters = String(
        String.UnicodeScalarView((0x01...0x1F).compactMap(Unicode.Scalar.init) + ["\u{7F}"]))

    /// About 1 MB of text mixing what each format escapes, quotes or encodes.
    static let megabyteString: String = {
        let piece = "a \"quoted\" <tag> & 'apostrophe' é 日本 😀 \\ tab\t line\n cr\r "
        let count = 1_048_576 / piece.utf8.count + 1
        return String(repeating: piece, count: count)
    }()

    static let doubles: [Double] = [
        .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_0000_0001), .infinity, -.infinity, -0.0, 0, 1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude,
        Double.leastNormalMagnitude.nextDown, 1e-300, 0.1, 1.0 / 3, Double(1 << 53).nextUp, 1e21, 1e22, 1e16, 1e-05,
        123e-20,
    ]

    static let floats: [Double] = [
        Double(Float.greatestFiniteMagnitude), Double(Float.leastNonzeroMagnitude), Double(Float(0.1)),
        Double(-Float.infinity), Double(Float.nan), -0.0,
    ]

    static let decimals = [
        "12345678901234567890123456789012345678", "-1234567890123456789012345678901234567.8",
        "0.00000000000000000000000000000000000001", "99999999999999999999999999999999999999", "-0", "NaN", "1e-05",
        "+3E2", "0", "",
    ]

    static let dates: [Double] = [
        -70_000_000_000, -63_113_904_000, -63_113_904_000.5, -63_145_526_400, 3e11, 252_423_993_600, 9.99e14, 1e15,
        -1e15, 1e300, .nan, .infinity, -.infinity, -0.0, 0, .leastNonzeroMagnitude, -1e-05, 1e-300, 526_914_238.203_19,
    ]

    static let strings = [
        "", controlCharacters, "\u{0}", "nul\u{0}inside", "\r", "\r\n", "\n", "\n\n", "a\n", "a\n\n", " ", "  lead",
        "trail  ", "tab\t", "\u{FEFF}", "\u{FEFF}bom", "\u{FFFE}\u{FFFF}", "\u{85}", "\u{2028}\u{2029}", "yes", "No",
        "null", "~", "0x1F", "0o17", "017", "1_000", "1e3", ".inf", "-.INF", ".NaN", "2017-01-01", "12:30", "<<", "=",
        "- a", "? b", "#c", "key: v", "a #b", "|", ">", "'", "\"", "@id", "!tag", "&anchor", "*alias", "%dir", "`",
        "]]>", "<a>", "&amp;", "&#1;", "é", "e\u{301}", "😀", "\u{10FFFF}", "\u{E000}", "\u{FFFD}", "---", "...",
        megabyteString,
    ]

    static let binaries: [[UInt8]] = [[], [0], [0xFF], Array(0...255), Array(repeating: 0xFB, count: 57)]

    static let uuids: [[UInt8]] = [
        Array(repeating: 0, count: 16), Array(repeating: 0xFF, count: 16), Array(0..<16),
    ]

    static let uris = ["", "a b", "x-coredata://X/Y/p1", "https://例え.jp/?a=b&c=d#f", "\u{1}"]

    static let integers: [Int64] = [.min, .max, 0, -1, 1]

    /// The model: `my entity` holds one attribute of every type under a hostile name, owns
    /// `other:thing`s through `my items` and points at a peer through `peer ref`.
    static func model() throws -> GraphModel {
        try GraphModel(entities: [
            EntityInfo.entity(
                "my entity",
                [
                    "a:b": .string, "with space": .double, "x y:z": .float, "xmlns": .decimal, "_x0041_": .date,
                    "1st": .integer64, "é": .binary, "uuid id": .uuid, "link:uri": .uri, "flag:on": .boolean,
                    "": .string, "small": .integer16, "thing": .transformable,
                ],
                relationships: [
                    RelationshipInfo(
                        name: "my items", destination: "other:thing", isToMany: true, inverse: "owner: of",
                        deletionRule: .cascade),
                    RelationshipInfo(name: "peer ref", destination: "my entity", isToMany: false),
                ]),
            EntityInfo.entity(
                "null", ["yes": .string, "~": .integer64, "a\nb": .string, " lead": .boolean, "a\tb": .double],
                relationships: [RelationshipInfo(name: "0x1F", destination: "my entity", isToMany: true)]),
            EntityInfo(
                name: "other:thing",
                attributes: [AttributeInfo(name: "name", type: .string)],
                relationships: [
                    RelationshipInfo(name: "owner: of", destination: "my entity", isToMany: false, inverse: "my items")
                ]),
        ])
    }

    /// One `my entity` per value (its other attributes null), each owning one `other:thing` named
    /// like it and pointing at the one before.
    static func graph() throws -> InMemoryGraph {
        let header = DocumentInfo(
            generator: "graphexport\u{1}", sourceKind: "in-memory graph", source: "s\u{FFFE}é\n", model: "yes",
            modelVersion: "1.0")
        let graph = InMemoryGraph(model: try model(), document: header)
        var values: [[String: Value]] =
            strings.map { ["a:b": .string($0)] } + strings.prefix(5).map { ["": .string($0)] }
            + doubles.map { ["with space": .double($0)] } + floats.map { ["x y:z": .double($0)] }
            + decimals.map { ["xmlns": .decimal($0)] }
            + dates.map { ["_x0041_": .date(Timestamp(secondsSinceReferenceDate: $0))] }
            + integers.map { ["1st": .integer($0)] } + binaries.map { ["é": .binary($0)] }
        values +=
            uuids.map { ["uuid id": .uuid(UUIDValue(bytes: $0)!)] } + uris.map { ["link:uri": .uri($0)] }
            + [["flag:on": .boolean(true)], ["flag:on": .boolean(false)], ["small": .integer(-32768)]]
            + binaries.prefix(2).map { ["thing": .binary($0)] }
        var previous: ObjectKey?
        for (index, object) in values.enumerated() {
            let key = try graph.add("my entity", object)
            let thing = try graph.add("other:thing", ["name": .string("thing \(index)")])
            try graph.link(key, "my items", to: thing)
            if let previous { try graph.link(key, "peer ref", to: previous) }
            previous = key
        }
        try graph.add("other:thing", ["name": .string(controlCharacters)])
        let words = try graph.add(
            "null",
            ["yes": .string("no"), "~": .integer(1), "a\nb": .string("~"), " lead": .boolean(true), "a\tb": .double(1)])
        if let previous { try graph.link(words, "0x1F", to: previous) }
        return graph
    }
}
