/// The name of the file `--blobs` writes one binary value to (``BlobFolder``): made from the
/// object's entity, its key and the attribute, with an extension the first bytes show.
///
/// `<Entity>-<key>-<attribute>[-<position>…].<extension>`, for example `Photo-p8-thumbnail.png`
/// (Core Data, `Z_PK` 8) or `Track-42-Cover.jpg` (a plain SQLite row with key 42):
/// - the key is the last part of the object's identifier, after its last `/` (`p8` of
///   `x-coredata://…/Photo/p8`, `42` of `Track/42`, `1,3421` of `PlaylistTrack/1,3421`), which
///   with the entity names the object;
/// - bytes inside an array or a map (a decoded Transformable) add their position, an array's index
///   or a map's key, one part per level (`Item-p3-info-thumb-0.png`);
/// - each part keeps ASCII letters, digits and `_`, and writes every other byte of its UTF-8 as
///   `%` and two uppercase hex digits (`-` → `%2D`, `.` → `%2E`, `ü` → `%C3%BC`), so parts never
///   hold the `-` between them or a `/`, and different objects, attributes or positions never
///   share a name;
/// - the extension is `png`, `jpg`, `gif`, `pdf` or `heic` when the bytes start with that format's
///   signature (``sniffedExtension(of:)``), else `bin`;
/// - a name longer than ``maximumLength`` bytes keeps its first ``keptLength`` bytes, then `~`
///   and the 16 hex digits of the 64-bit FNV-1a hash of the whole name before its extension (no
///   other name has a `~`), so it fits the 255 bytes file systems allow.
package enum BlobFileName {
    /// The longest name written as it is, in bytes.
    package static let maximumLength = 240
    /// How much of a longer name is kept before its hash.
    static let keptLength = 200

    /// The name without its extension: the escaped parts joined by `-`.
    package static func stem(entity: String, id: ObjectID, attribute: String, position: [String] = []) -> String {
        let text = id.text
        let key = text.lastIndex(of: "/").map { String(text[text.index(after: $0)...]) } ?? text
        return ([entity, key.isEmpty ? text : key, attribute] + position).map(escaped).joined(separator: "-")
    }

    /// The file name of `stem` with `fileExtension`, shortened as the type describes.
    package static func name(stem: String, fileExtension: String) -> String {
        guard stem.utf8.count + 1 + fileExtension.utf8.count > maximumLength else {
            return stem + "." + fileExtension
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stem.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(stem.utf8.prefix(keptLength))! + "~" + String(repeating: "0", count: 16 - digits.count) + digits
            + "." + fileExtension
    }

    /// `png`, `jpg`, `gif`, `pdf` or `heic` when `bytes` (the first bytes of a value; 32 are
    /// enough) start with that format's signature, else `bin`.
    ///
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`; JPEG: `FF D8 FF`; GIF: `GIF87a`, `GIF89a`; PDF: `%PDF-`;
    /// HEIC: an ISO base media file whose first box is `ftyp` with a HEIF image brand (`heic`,
    /// `heix`, `heim`, `heis`, `hevc`, `hevx`) as its major brand or, after `mif1`/`msf1`, among
    /// the compatible brands it lists in those bytes.
    package static func sniffedExtension(of bytes: UnsafeRawBufferPointer) -> String {
        func starts(_ signature: [UInt8]) -> Bool {
            bytes.count >= signature.count && zip(bytes, signature).allSatisfy { $0 == $1 }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("%PDF-".utf8)) { return "pdf" }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            let boxLength = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(bytes.count, boxLength)
            let brands = stride(from: 8, to: end - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
            let major = brands.first ?? ""
            // The brands after the major one: a minor version (4 bytes), then the compatible brands.
            let compatible = brands.dropFirst(2)
            if heifImageBrands.contains(major)
                || (["mif1", "msf1"].contains(major) && compatible.contains(where: heifImageBrands.contains))
            {
                return "heic"
            }
        }
        return "bin"
    }

    /// The brands of HEIF files of HEVC images (ISO/IEC 23008-12).
    private static let heifImageBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx"]

    /// `part` with every byte but ASCII letters, digits and `_` written `%HH`.
    private static func escaped(_ part: String) -> String {
        var text = ""
        for byte in part.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(digits[Int(byte >> 4)])
                text.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return text
    }
}
