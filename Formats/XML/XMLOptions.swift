/// Settings for ``XMLGraphWriter``.
public struct XMLOptions: Sendable, Hashable {
    /// Where an object's attribute values go.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Each non-null value is an XML attribute of the object's element (`title="Trip"`); the
        /// names of null ones are listed in `gx:null`. The default.
        case attributes
        /// Each value is a child element of the object's element (`<title>Trip</title>`), a null
        /// one `<title gx:null="true"/>`, before the relationships.
        case elements

        /// The name of the format option whose values are the styles' raw values.
        public static let optionName = "xml-style"
    }

    /// Indent with two spaces and put each element on its own line, for people; `false` (the
    /// default) writes the document on one line after the XML declaration, for programs.
    ///
    /// Pretty output grows with the square of the nesting depth, in size and in time (every line
    /// repeats its indentation, and libxml2 counts the open elements for each one): a chain of
    /// 10 000 nested objects is 0.4 MB compact and 800 MB pretty. Use the compact form for very
    /// deep trees.
    public var pretty: Bool
    /// Where attribute values go; ``Style/attributes`` by default.
    public var style: Style

    /// Creates options; the defaults write compact XML with values as XML attributes.
    public init(pretty: Bool = false, style: Style = .attributes) {
        self.pretty = pretty
        self.style = style
    }
}
