/// The one rule that keeps property names apart from the markers a format adds beside them.
///
/// JSON, JSON Lines, YAML and property lists write an object's markers (`@id`, `@type`, and in a
/// property list `@null` and `@utf8Data`) as keys of the same mapping as its attributes and
/// relationships, and GraphML names the entity's key `@type` among the attribute keys. Every
/// marker starts with `@`, so a property name that starts with `@` is written with one more `@`
/// in front: `@id` is written `@@id`, `@@x` is written `@@@x`, and every other name as it is. A key
/// that starts with exactly one `@` is therefore always a marker, and a reader gets a property's
/// name back by dropping the first `@` of a key that starts with two. Writers that keep markers
/// elsewhere (XML's `gx` namespace, the plugin event stream's values) do not need the rule.
public enum MarkerEscape {
    /// The key that stands for the property `name`: `name` with one more `@` in front when it
    /// starts with `@`, else `name` itself.
    public static func key(for name: String) -> String {
        startsWithMarker(name.utf8) ? "@" + name : name
    }

    /// The property name `key` stands for, or `nil` when `key` is a marker (it starts with exactly
    /// one `@`).
    public static func name(forKey key: String) -> String? {
        guard startsWithMarker(key.utf8) else { return key }
        let rest = key.utf8.dropFirst()
        guard startsWithMarker(rest) else { return nil }
        return String(decoding: rest, as: UTF8.self)
    }

    private static func startsWithMarker(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: "@")
    }
}
