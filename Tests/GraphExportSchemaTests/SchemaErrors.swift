import Foundation
import GraphExportSchema
import Prerequisites

extension ScratchFolder {
    /// What `xmllint --schema` finds wrong with `document` against `schema`, which is written to
    /// this folder first.
    func errors(of document: URL, against schema: XMLExportSchema) throws -> [String] {
        try SchemaTools.xmlSchemaErrors(schema: try write("schema-under-test.xsd", schema.text), document: document)
    }

    /// What Python's `jsonschema` finds wrong with `instance` against `schema`, which is written to
    /// this folder first.
    func errors(of instance: URL, against schema: JSONExportSchema) throws -> [String] {
        try SchemaTools.jsonSchemaErrors(schema: try write("schema-under-test.json", schema.text), instance: instance)
    }
}
