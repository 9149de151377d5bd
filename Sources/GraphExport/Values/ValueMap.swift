/// The entries of a ``Value/map(_:)``: text keys with their values, in the order they were given.
///
/// Order is kept because every format writes it and a reader sees it (JSON objects, YAML
/// mappings, property list dictionaries, XML elements). Keys are not checked for uniqueness: a
/// map holds what its source held, and two maps are equal when their entries are equal in order.
public struct ValueMap: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        /// The key, any text.
        public var key: String
        /// The value under the key.
        public var value: Value

        /// An entry of `key` and `value`.
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, in order.
    public var entries: [Entry]

    /// A map of `entries`, in their order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// A map of the literal's pairs, in their order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }

    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }

    /// The entry at `position`.
    public subscript(position: Int) -> Entry { entries[position] }
}
