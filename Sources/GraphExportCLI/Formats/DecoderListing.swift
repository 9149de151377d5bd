import GraphExportDecoders
import GraphExportPlugin

/// One value decoder as `graphexport formats` lists it, in text and in `--format json`.
struct DecoderListing {
    /// What `--no-decode` takes (`notes`).
    let name: String
    /// Its one-line summary; `nil` for a plugin whose handshake failed.
    let summary: String?
    /// The decoder plugin's executable, as found; `nil` for a built-in decoder.
    let path: String?
    /// The attributes it decodes, as `Entity.attribute`; empty when the handshake failed.
    let claims: [String]
    /// Why a plugin's handshake failed (what an export would stop with); else `nil`.
    let error: String?

    /// Every decoder an export would use without `--no-decode`: the built-in ones, then the
    /// decoder plugins found, each asked for its handshake.
    static func all() throws -> [DecoderListing] {
        let builtIn = BuiltInDecoders.make()
        var rows = builtIn.map { DecoderListing($0, path: nil) }
        for plugin in try DecoderChoice.plugins(besides: builtIn) {
            do {
                rows.append(DecoderListing(try DecoderPlugin(plugin), path: plugin.path))
            } catch {
                rows.append(
                    DecoderListing(name: plugin.name, summary: nil, path: plugin.path, claims: [], error: "\(error)"))
            }
        }
        return rows
    }

    private init(_ decoder: any AttributeDecoder, path: String?) {
        self.init(
            name: decoder.name, summary: decoder.summary, path: path, claims: decoder.claims.map(\.qualifiedName),
            error: nil)
    }

    private init(name: String, summary: String?, path: String?, claims: [String], error: String?) {
        self.name = name
        self.summary = summary
        self.path = path
        self.claims = claims
        self.error = error
    }
}
