import Foundation
public import GraphExport

/// Reading back the text forms the writers give values, as strictly as they write them.
public enum ValueText {
    /// The UUID of the canonical lowercase 8-4-4-4-12 form the writers use; `nil` for anything else.
    public static func uuid(_ text: String) -> UUIDValue? {
        guard text == text.lowercased(), let uuid = UUID(uuidString: text) else { return nil }
        return UUIDValue(bytes: withUnsafeBytes(of: uuid.uuid) { Array($0) })
    }

    /// The bytes of padded base64 (RFC 4648) on one line; `nil` for anything else.
    public static func base64(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { Array($0) }
    }
}
