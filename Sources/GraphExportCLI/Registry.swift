import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportXML
import GraphExportYAML

/// The formats this build of graphexport offers, in the order help lists them.
let builtInFormats = FormatRegistry([.json, .xml, .yaml, .jsonl, .plist, .graphml])
