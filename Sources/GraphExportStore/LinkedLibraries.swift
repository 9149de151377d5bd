internal import CLibXML2
internal import CSQLite

/// The versions of the C libraries the store readers run on, read from the libraries themselves
/// at run time (not the headers they were built with), for `graphexport --version`.
package enum LinkedLibraries {
    /// SQLite's version (`3.40.1`), from `sqlite3_libversion`.
    package static var sqlite: String {
        String(cString: sqlite3_libversion())
    }

    /// libxml2's version (`2.9.14`), from its `xmlParserVersion` (`20914`).
    package static var libxml2: String {
        let digits = String(cString: gx_xml_parser_version())
        guard let number = Int(digits) else { return digits }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
