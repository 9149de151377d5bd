import GraphExport

/// The fields an export's header can have, as ``DocumentInfo/fields`` names them, so that the
/// schemas follow the header the writers write: those every header has (`generator`,
/// `sourceKind`, `shape`), and those a source may leave out.
enum HeaderFields {
    /// The fields of every header, in header order.
    static let required = DocumentInfo(sourceKind: "").fields.map(\.key)

    /// Every field, in header order.
    static let all = DocumentInfo(
        sourceKind: "", source: "", storeUUID: "", frameworkVersion: "", model: "", modelVersion: ""
    ).fields.map(\.key)
}
