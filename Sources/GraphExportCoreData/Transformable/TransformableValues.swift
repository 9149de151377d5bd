import GraphExport

/// The Transformable attributes of one export: each value decoded by ``TransformableDecoder``,
/// and one warning per attribute whose values cannot be decoded, naming the first such row.
final class TransformableValues {
    private let onWarning: WarningHandler
    /// The attributes already warned about, as `<Entity> <attribute>`.
    private var warnedAttributes: Set<String> = []

    /// Decoding that reports to `onWarning`.
    init(onWarning: @escaping WarningHandler) {
        self.onWarning = onWarning
    }

    /// The value of a Transformable attribute stored as `bytes`; `context` names it as the Core
    /// Data reader does, `<Entity> p<row> <attribute>`.
    func value(of bytes: [UInt8], context: String) -> Value {
        switch TransformableDecoder.decode(bytes, source: context) {
        case .value(let value):
            return value
        case .opaque:
            return .binary(bytes)
        case .undecodable(let defect):
            if warnedAttributes.insert(Self.attribute(of: context)).inserted {
                onWarning(
                    Warning(
                        "\(context): \(defect); written as its bytes",
                        detail: "so is every value of this attribute that cannot be decoded (only the first is named)"))
            }
            return .binary(bytes)
        }
    }

    /// `<Entity> <attribute>` of `<Entity> p<row> <attribute>`: entity and attribute names hold
    /// no spaces.
    private static func attribute(of context: String) -> String {
        let words = context.split(separator: " ")
        return words.count == 3 ? "\(words[0]) \(words[2])" : context
    }
}
