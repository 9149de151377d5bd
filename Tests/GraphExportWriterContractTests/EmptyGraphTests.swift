import GraphExport
import GraphExportTestSupport
import XCTest

/// A graph of no objects: every writer writes its header and an empty graph, exactly this text.
final class EmptyGraphTests: XCTestCase {
    private static let yaml = """
        "@source":
          generator: graphexport
          sourceKind: in-memory graph
          shape: tree
        "@graph": []

        """

    private static let xml =
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<gx:export xmlns:gx="urn:graphexport:1" gx:generator="graphexport" "#
        + #"gx:sourceKind="in-memory graph" gx:shape="tree"/>"# + "\n"

    /// The text of each writer, by its name in ``everyWriter``.
    private let expected = [
        "JSON": #"{"@source":{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"},"@graph":[]}"#
            + "\n",
        "JSON pretty": """
        {
          "@source": {
            "generator": "graphexport",
            "sourceKind": "in-memory graph",
            "shape": "tree"
          },
          "@graph": []
        }

        """,
        "JSON Lines": #"{"@source":{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"}}"# + "\n",
        "YAML": yaml, "YAML flow": yaml, "YAML one level": yaml,
        "XML attributes": xml, "XML elements": xml,
        "property list": #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
            + "\n" + #"<plist version="1.0"><dict><key>@source</key><dict><key>generator</key><string>graphexport"#
            + "</string><key>sourceKind</key><string>in-memory graph</string><key>shape</key><string>tree</string>"
            + "</dict><key>@graph</key><array/></dict></plist>\n",
        "GraphML": #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:gx="urn:graphexport:1">"#
            + #"<key id="g.generator" for="graph" attr.name="generator" attr.type="string"/>"#
            + #"<key id="g.sourceKind" for="graph" attr.name="sourceKind" attr.type="string"/>"#
            + #"<key id="g.shape" for="graph" attr.name="shape" attr.type="string"/>"#
            + #"<key id="type" for="node" attr.name="@type" attr.type="string"/>"#
            + #"<key id="a0" for="node" attr.name="value" attr.type="string"/>"#
            + #"<key id="a1" for="node" attr.name="other" attr.type="string"/>"#
            + #"<key id="label" for="edge" attr.name="label" attr.type="string"/>"#
            + #"<key id="inverse" for="edge" attr.name="inverse" attr.type="string"/>"#
            + #"<graph id="G" edgedefault="directed"><data key="g.generator">graphexport</data>"#
            + #"<data key="g.sourceKind">in-memory graph</data><data key="g.shape">tree</data></graph></graphml>"#
            + "\n",
        "plugin event stream": #"{"protocol":"graphexport-events","version":1,"format":"csv","options":{},"#
            + #""document":{"generator":"graphexport","sourceKind":"in-memory graph","shape":"tree"},"entities":["#
            + #"{"name":"Item","parent":null,"abstract":false,"attributes":[{"name":"value","type":"String","#
            + #""optional":true},{"name":"other","type":"String","optional":true}],"relationships":[]}]}"# + "\n"
            + #"{"event":"end"}"# + "\n",
    ]

    func testAnEmptyGraphIsTheHeaderAndNothingElse() throws {
        let graph = SampleGraphs.graph(try SampleGraphs.itemModel())
        XCTAssertEqual(Set(expected.keys), Set(everyWriter.map(\.name)))
        for (name, make) in everyWriter {
            let export = try WriterOutput(graph, writer: make)
            XCTAssertEqual(export.text, expected[name], name)
            XCTAssertEqual(export.warnings, [], name)
        }
    }
}
