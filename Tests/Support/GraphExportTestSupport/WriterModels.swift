public import GraphExport

extension EntityInfo {
    /// An entity `name` with one attribute of each name and type of `attributes`, in order, and
    /// `relationships`: the short form of the models the writers' suites build.
    public static func entity(
        _ name: String, _ attributes: KeyValuePairs<String, AttributeType>, relationships: [RelationshipInfo] = []
    ) -> EntityInfo {
        EntityInfo(
            name: name, attributes: attributes.map { AttributeInfo(name: $0.key, type: $0.value) },
            relationships: relationships)
    }
}
