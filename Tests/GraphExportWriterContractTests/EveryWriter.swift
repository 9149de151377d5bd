import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportPlugin
import GraphExportXML
import GraphExportYAML

/// Every writer of the package, by name, made on a sink and a warning handler: the list each
/// contract suite runs against, the plugin event stream included.
var everyWriter: [(name: String, make: (any ByteSink, @escaping WarningHandler) -> any GraphWriter)] {
    [
        ("JSON", { JSONGraphWriter(sink: $0, onWarning: $1) }),
        ("JSON pretty", { JSONGraphWriter(sink: $0, options: JSONOptions(pretty: true), onWarning: $1) }),
        ("JSON Lines", { JSONLinesGraphWriter(sink: $0, onWarning: $1) }),
        ("YAML", { YAMLGraphWriter(sink: $0, onWarning: $1) }),
        ("YAML flow", { YAMLGraphWriter(sink: $0, options: YAMLOptions(maxBlockDepth: 0), onWarning: $1) }),
        ("YAML one level", { YAMLGraphWriter(sink: $0, options: YAMLOptions(maxBlockDepth: 1), onWarning: $1) }),
        ("XML attributes", { XMLGraphWriter(sink: $0, onWarning: $1) }),
        (
            "XML elements",
            { XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true, style: .elements), onWarning: $1) }
        ),
        ("property list", { PlistGraphWriter(sink: $0, onWarning: $1) }),
        ("GraphML", { GraphMLGraphWriter(sink: $0, onWarning: $1) }),
        ("plugin event stream", { sink, _ in PluginEventStreamWriter(sink: sink, format: "csv") }),
    ]
}

/// ``everyWriter`` for suites that take no warnings.
var everyWriterIgnoringWarnings: [(name: String, make: (any ByteSink) -> any GraphWriter)] {
    everyWriter.map { entry in (entry.name, { sink in entry.make(sink, { _ in }) }) }
}
