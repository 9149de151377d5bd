/// A table or column name Core Data builds, looked for among the names a store really has.
///
/// Core Data appends `1`, `2`, … to a name that would collide with one it already gave (sibling
/// entities' same-named attributes, `ZSOURCE` and `ZSOURCE1`; join-table columns,
/// `Z_34REPRESENTATIVEASSETS1`), so a name in the store fits a request when it is the request's
/// stem followed by nothing or by decimal digits.
struct NameRequest: Hashable {
    /// The name Core Data's rules give (`ZSOURCE1`).
    let expected: String
    /// The name without any collision suffix (`ZSOURCE`).
    let stem: String

    /// A request whose expected name is its stem.
    init(_ name: String) {
        self.init(expected: name, stem: name)
    }

    init(expected: String, stem: String) {
        self.expected = expected
        self.stem = stem
    }

    /// Whether `name` is the stem, or the stem followed by decimal digits.
    func fits(_ name: String) -> Bool {
        guard name.hasPrefix(stem) else { return false }
        return name.utf8.dropFirst(stem.utf8.count).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The number after the stem of a fitting name: 0 for the stem itself.
    func suffix(of name: String) -> Int {
        Int(name.dropFirst(stem.count)) ?? 0
    }
}

/// What a store has for one ``NameRequest``.
enum NameMatch: Equatable {
    /// The expected name, or the only free name that fits.
    case found(String)
    /// Several free names fit and none is the expected one: the lowest suffix is taken.
    case chosen(String, candidates: [String])
    /// No free name fits; `present` lists the free names that start with the stem.
    case missing(present: [String])

    /// The name found or chosen.
    var name: String? {
        switch self {
        case .found(let name), .chosen(let name, _): name
        case .missing: nil
        }
    }
}

/// Matches the names Core Data builds against the names a store has.
enum NameMatching {
    /// Matches `requests`, in order, among `names`.
    ///
    /// A request whose expected name exists gets it. Otherwise it gets a free name that fits: not
    /// in `taken`, not the expected name of another request, not given to an earlier request. The
    /// expected names are the rule; the suffix tolerance only reads stores whose numbering the
    /// rule does not predict.
    static func match(_ requests: [NameRequest], among names: [String], taken: Set<String> = []) -> [NameMatch] {
        let present = Set(names)
        var used = taken.union(requests.map(\.expected).filter(present.contains))
        return requests.map { request in
            if present.contains(request.expected) { return .found(request.expected) }
            let free = names.filter { !used.contains($0) }
            let fitting = free.filter(request.fits).sorted { request.suffix(of: $0) < request.suffix(of: $1) }
            guard let first = fitting.first else {
                return .missing(present: free.filter { $0.hasPrefix(request.stem) })
            }
            used.insert(first)
            return fitting.count == 1 ? .found(first) : .chosen(first, candidates: fitting)
        }
    }
}
