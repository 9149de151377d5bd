import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportSQL
import GraphExportSQLiteFormat
import GraphExportXML
import GraphExportYAML

/// The formats this build of graphexport offers, in the order help lists them, with their default
/// settings.
let builtInFormats = FormatRegistry([.json(), .xml(), .yaml(), .jsonLines(), .plist(), .graphml(), .sqlite(), .sql()])
