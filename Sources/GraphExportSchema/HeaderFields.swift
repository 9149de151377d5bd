import GraphExport

/// The fields an export's header can have, as ``DocumentInfo/fields`` names them, so that the
/// schemas follow the header the writers write: those every header has (`generator`,
/// `sourceKind`, `shape`), and those a source may leave out, its own fields among them.
enum HeaderFields {
    /// The fields of every header, in header order.
    static let required = DocumentInfo(sourceKind: "").fields.map(\.key)

    /// Every field, in header order, for a source whose own fields (``DocumentInfo/sourceFields``)
    /// have the keys `sourceFields`.
    static func all(sourceFields: [String]) -> [String] {
        DocumentInfo(
            sourceKind: "", source: "", sourceFields: sourceFields.map { DocumentField(key: $0, value: "") },
            model: "", modelVersion: ""
        ).fields.map(\.key)
    }
}
