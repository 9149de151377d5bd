import GraphExportInflate

/// Turns the bytes of a `Z_MODELCACHE.Z_CONTENT` blob into the binary property list they hold.
///
/// Core Data writes raw DEFLATE (`coredata-format.md` §1.2), but the encoding is sniffed, in
/// this order, so that other writers are read too:
/// 1. `bplist00…`: an uncompressed property list, returned as is;
/// 2. raw DEFLATE that inflates to a property list;
/// 3. zlib (`78 …` with a valid header check) that inflates to a property list;
/// 4. LZFSE (`bvx…`): ``ArchiveError/lzfseCompressed(source:)``;
/// 5. anything else: the raw-DEFLATE error, or ``ArchiveError/unknownEncoding(source:firstBytes:)``
///    when the data inflated to something that is not a property list.
///
/// A decompression bomb stops at `limit` bytes with ``InflateError/tooLarge(source:limit:)``
/// and gets no second try in another framing.
enum ModelCacheContent {
    static func propertyList(
        fromBlob blob: [UInt8], limit: Int = Inflate.defaultLimit, source: String
    ) throws -> [UInt8] {
        if BinaryPropertyList.hasHeader(blob) { return blob }
        let raw = try attempt(blob, framing: .raw, limit: limit, source: source)
        if case .success(let inflated) = raw, BinaryPropertyList.hasHeader(inflated) { return inflated }
        if hasZlibHeader(blob),
            case .success(let inflated) = try attempt(blob, framing: .zlib, limit: limit, source: source),
            BinaryPropertyList.hasHeader(inflated)
        {
            return inflated
        }
        if blob.starts(with: Array("bvx".utf8)) {
            throw ArchiveError.lzfseCompressed(source: source)
        }
        if case .failure(let error) = raw { throw error }
        throw ArchiveError.unknownEncoding(source: source, firstBytes: Array(blob.prefix(8)))
    }

    /// One decompression attempt: damaged data is a failed attempt, but passing the size limit
    /// is thrown, ending the search.
    private static func attempt(
        _ blob: [UInt8], framing: Inflate.Framing, limit: Int, source: String
    ) throws -> Result<[UInt8], InflateError> {
        do {
            return .success(try Inflate.decompress(blob, framing: framing, limit: limit, source: source))
        } catch InflateError.corrupt(let source, let reason) {
            return .failure(.corrupt(source: source, reason: reason))
        }
    }

    /// Whether the bytes start with a zlib header: deflate method, 32 KB window at most, and a
    /// header checksum (the first two bytes, big-endian, are a multiple of 31).
    private static func hasZlibHeader(_ blob: [UInt8]) -> Bool {
        guard blob.count >= 2, blob[0] & 0x0F == 8, blob[0] >> 4 <= 7 else { return false }
        return (UInt16(blob[0]) << 8 | UInt16(blob[1])) % 31 == 0
    }
}
