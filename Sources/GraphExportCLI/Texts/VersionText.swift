import GraphExport
import GraphExportStore
import GraphExportYAML

/// What `graphexport --version` prints: graphexport's version, then the version of each C
/// library it runs on, as the library reports it at run time.
enum VersionText {
    static var lines: String {
        """
        graphexport \(GraphExportVersion.current)
        SQLite \(LinkedLibraries.sqlite)
        libxml2 \(LinkedLibraries.libxml2)
        libyaml \(YAMLLibrary.version)

        """
    }
}
