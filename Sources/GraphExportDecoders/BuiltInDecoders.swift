/// The value decoders built into graphexport (docs/PLUGINS.md, *Value decoders*).
public enum BuiltInDecoders {
    /// A new instance of each, in the order `graphexport formats` lists them: ``NotesDecoder``.
    public static func make() -> [any AttributeDecoder] {
        [NotesDecoder()]
    }
}
