import GraphExport
import GraphExportJSON

/// The formats this build of graphexport offers, in the order help lists them.
let builtInFormats = FormatRegistry([.json])
