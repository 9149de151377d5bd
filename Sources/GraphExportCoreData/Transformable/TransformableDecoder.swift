import GraphExport

/// Decodes the bytes of a Core Data Transformable attribute into a structured ``Value``, without
/// instantiating anything.
///
/// - A binary property list (`bplist00`) that is an `NSKeyedArchiver` archive is walked from its
///   root object (``ArchivedValueBuilder``): Foundation's collections, strings, numbers, dates,
///   data, UUIDs, URLs, null and colors become arrays, maps and scalars.
/// - Any other binary property list is mapped as it is: a dictionary becomes a map, an array an
///   array, data bytes, a date a date.
/// - Bytes that are no binary property list (a custom transformer's output, a JPEG) are
///   ``TransformableDecoding/opaque``: they stay bytes, which is no defect.
///
/// A property list that cannot be decoded (damaged, an unknown class, a cycle, nesting deeper
/// than ``GraphExport/Value/maximumNestingDepth``, more than ``maximumElementCount`` elements or
/// ``maximumPayloadSize`` bytes of text and data) is
/// ``TransformableDecoding/undecodable(_:)``, and its bytes are kept.
enum TransformableDecoder {
    /// The most elements (scalars, arrays and maps, at every level) one value may decode to: the
    /// references of an archive may share objects, so a small archive could otherwise stand for
    /// an enormous tree.
    static let maximumElementCount = 100_000
    /// The most bytes of text and data one value may decode to, counting a string or data object
    /// each time it is referred to: shared objects could otherwise make a small archive write a
    /// huge export.
    static let maximumPayloadSize = 16 << 20

    /// What `bytes` decode to; `source` names the value in errors (`Entity p12 attribute`).
    static func decode(_ bytes: [UInt8], source: String) -> TransformableDecoding {
        guard BinaryPropertyList.hasHeader(bytes) else { return .opaque }
        do {
            let plist = try BinaryPropertyList.parse(bytes, source: source)
            guard plist.dictionary?["$archiver"] != nil else {
                var builder = ArchivedValueBuilder(archive: nil)
                return .value(try builder.value(of: plist, depth: 0))
            }
            let archive = try KeyedArchive(plist, source: source)
            var builder = ArchivedValueBuilder(archive: archive)
            return .value(try builder.value(of: archive.rootReference, depth: 0))
        } catch let error as TransformableError {
            return .undecodable(error)
        } catch let error as ArchiveError {
            return .undecodable(.malformed(error))
        } catch {
            preconditionFailure(
                "the property list readers throw ArchiveError and TransformableError only, not \(error)")
        }
    }
}

/// What the bytes of a Transformable attribute decode to.
enum TransformableDecoding: Hashable {
    /// A structured value.
    case value(Value)
    /// The bytes are no property list: they stay bytes, with no warning.
    case opaque
    /// The bytes are a property list that cannot be decoded: they stay bytes, with a warning.
    case undecodable(TransformableError)
}
