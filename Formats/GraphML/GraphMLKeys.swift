import GraphExport

/// A value type GraphML declares for a key (`attr.type`), as GraphML readers parse the text of its
/// `<data>` elements.
enum GraphMLType: String {
    case boolean, int, long, double, string

    /// The type an attribute of a model type declares: integers of 16 and 32 bits `int`, of 64
    /// bits `long`, doubles and floats `double`, booleans `boolean`, everything else `string`
    /// (decimals too, whose exact text a `double` would round).
    init(_ type: AttributeType) {
        switch type {
        case .integer16, .integer32: self = .int
        case .integer64: self = .long
        case .double, .float: self = .double
        case .boolean: self = .boolean
        case .decimal, .string, .date, .binary, .uuid, .uri, .transformable: self = .string
        }
    }

    /// The type a value has on its own: `long` for an integer, `double`, `boolean`, `string` for
    /// everything else; `nil` for null.
    init?(of value: Value) {
        switch value {
        case .null: return nil
        case .integer: self = .long
        case .double: self = .double
        case .boolean: self = .boolean
        case .decimal, .string, .date, .binary, .binaryFile, .uuid, .uri, .array, .map: self = .string
        }
    }

    /// Whether a reader of a key of this type can parse `value`'s text as it is meant.
    func holds(_ value: Value) -> Bool {
        switch (self, value) {
        case (_, .null), (.string, _), (.long, .integer), (.double, .double), (.boolean, .boolean): return true
        case (.int, .integer(let integer)): return Int32(exactly: integer) != nil
        default: return false
        }
    }

    /// The narrowest type that holds values of both types: `long` for `int` and `long`, the type
    /// itself when both agree, `string` otherwise.
    func merged(with other: GraphMLType) -> GraphMLType {
        if self == other { return self }
        if Set([self, other]) == [.int, .long] { return .long }
        return .string
    }
}

/// The `<key>` declarations of a document's object attributes, one per attribute name, and the
/// type each declares, kept up to date as values arrive.
///
/// A name the model declares starts with the type of its ``AttributeType`` (merged over every
/// entity that declares it); a name only the stream brings starts with no type. Each value widens
/// the type to one that holds it (``GraphMLType/merged(with:)``), so that no reader meets text it
/// cannot parse; a name that only ever had null values declares `string`.
struct GraphMLKeyTable {
    /// One attribute key.
    struct Key {
        /// The key's `id`: `a0`, `a1`, … in order of declaration.
        let id: String
        /// The attribute name (`attr.name`).
        let name: String
        /// The type from the model, if the model declares the name.
        let declared: GraphMLType?
        /// The type so far; `nil` while neither the model nor a value gave one.
        var type: GraphMLType?
        /// Where the first value that did not fit ``declared`` came from (`Photo.height (Photo/5)`).
        var firstMisfit: String?
    }

    /// The keys, in order of declaration: the model's names in model order, then the names only
    /// the stream brings, in the order they first appear.
    private(set) var keys: [Key] = []
    private var indexByName: [String: Int] = [:]

    /// Declares every attribute name of `model`'s entities with the type of its ``AttributeType``.
    mutating func declare(_ model: GraphModel) {
        for entity in model.entities {
            for attribute in entity.attributes {
                let type = GraphMLType(attribute.type)
                if let index = indexByName[attribute.name] {
                    let merged = keys[index].type.map { $0.merged(with: type) } ?? type
                    keys[index] = Key(id: keys[index].id, name: attribute.name, declared: merged, type: merged)
                } else {
                    indexByName[attribute.name] = keys.count
                    keys.append(Key(id: "a\(keys.count)", name: attribute.name, declared: type, type: type))
                }
            }
        }
    }

    /// The index of the key of `name`, declared now if it is new.
    mutating func index(of name: String) -> Int {
        if let index = indexByName[name] { return index }
        indexByName[name] = keys.count
        keys.append(Key(id: "a\(keys.count)", name: name, declared: nil, type: nil))
        return keys.count - 1
    }

    /// Widens the type of the key at `index` to hold `value`, noting `origin` (`Photo.height
    /// (Photo/5)`) when the value is the first that does not fit the type the model declared.
    mutating func record(_ value: Value, at index: Int, origin: @autoclosure () -> String) {
        guard let kind = GraphMLType(of: value) else { return }
        guard let current = keys[index].type else {
            keys[index].type = kind
            return
        }
        guard !current.holds(value) else { return }
        keys[index].type = current.merged(with: kind)
        if keys[index].declared != nil, keys[index].firstMisfit == nil { keys[index].firstMisfit = origin() }
    }
}
