import CLibXML2
import XCTest

/// An expanded name: namespace URI (nil for none) and local name.
struct QualifiedName: Hashable, CustomStringConvertible {
    var namespace: String?
    var local: String

    var description: String { namespace.map { "{\($0)}\(local)" } ?? local }
}

/// One step of a parsed document, in document order: a neutral form, independent of libxml2, in
/// which pretty and compact output can be compared and which deep documents can be read into
/// without recursion.
enum XMLItem: Equatable, CustomStringConvertible {
    /// An element starts, with its attributes in document order (namespace declarations left out).
    case start(QualifiedName, attributes: [(name: QualifiedName, value: String)])
    /// Character data (text and CDATA, adjacent pieces merged).
    case text(String)
    /// The innermost element ends.
    case end

    static func == (left: XMLItem, right: XMLItem) -> Bool {
        switch (left, right) {
        case (.start(let leftName, let leftAttributes), .start(let rightName, let rightAttributes)):
            return leftName == rightName && leftAttributes.map(\.name) == rightAttributes.map(\.name)
                && leftAttributes.map(\.value) == rightAttributes.map(\.value)
        case (.text(let leftText), .text(let rightText)):
            return leftText.utf8.elementsEqual(rightText.utf8)
        case (.end, .end):
            return true
        default:
            return false
        }
    }

    var description: String {
        switch self {
        case .start(let name, let attributes):
            return "<\(name)" + attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined() + ">"
        case .text(let text): return text.debugDescription
        case .end: return "</>"
        }
    }
}

/// A document that libxml2's parser found well-formed and namespace-well-formed.
struct ParsedXML {
    /// Every element, attribute and text, in document order.
    let items: [XMLItem]
    /// The XML declaration's encoding.
    let encoding: String?
    /// The XML declaration's version.
    let version: String?

    /// The items without white space that only lays out elements: white-space text that is not the
    /// whole content of an element.
    var withoutLayout: [XMLItem] {
        items.indices.compactMap { index -> XMLItem? in
            guard case .text(let text) = items[index],
                text.unicodeScalars.allSatisfy({ " \t\r\n".unicodeScalars.contains($0) })
            else {
                return items[index]
            }
            let afterStart = index > 0 && { if case .start = items[index - 1] { return true } else { return false } }()
            let beforeEnd = index + 1 < items.count && items[index + 1] == .end
            return afterStart && beforeEnd ? items[index] : nil
        }
    }

    /// Parses `bytes` with libxml2 (`XML_PARSE_HUGE`, no network, errors collected, not printed)
    /// and walks the tree without recursion; fails the test for a document that is not
    /// well-formed or not namespace-well-formed.
    static func parse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> ParsedXML {
        let context = try XCTUnwrap(xmlNewParserCtxt())
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(
            bitPattern: XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), "export.xml", nil, options)
            }
        }
        let message = xmlCtxtGetLastError(context).flatMap { $0.pointee.message.map { String(cString: $0) } }
        guard let document else {
            XCTFail("not well-formed: \(message ?? "?")", file: file, line: line)
            throw ParseFailure()
        }
        defer { xmlFreeDoc(document) }
        guard context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            XCTFail("not (namespace-)well-formed: \(message ?? "?")", file: file, line: line)
            throw ParseFailure()
        }
        let root = try XCTUnwrap(xmlDocGetRootElement(document))
        return ParsedXML(
            items: walk(root),
            encoding: document.pointee.encoding.map { string($0) },
            version: document.pointee.version.map { string($0) })
    }

    struct ParseFailure: Error {}

    /// Parses `bytes` with libxml2's SAX2 interface, building no tree, with the same options and
    /// checks as ``parse(_:file:line:)``.
    ///
    /// For very deep documents: libxml2's tree builder finds the namespace of each prefixed name
    /// (`gx:id`) by walking up the ancestors, which makes building a 100 000-deep tree quadratic,
    /// while its parser resolves prefixes from a stack.
    static func parseStreaming(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws
        -> ParsedXML
    {
        let collector = SAXCollector()
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, local, _, uri, _, _, count, _, attributes in
            SAXCollector.from(context).start(local, uri, Int(count), attributes)
        }
        handler.endElementNs = { context, _, _, _ in SAXCollector.from(context).end() }
        handler.characters = { context, characters, length in
            SAXCollector.from(context).characters(characters, Int(length))
        }
        handler.cdataBlock = handler.characters
        let userData = Unmanaged.passUnretained(collector).toOpaque()
        let context = try XCTUnwrap(xmlCreatePushParserCtxt(&handler, userData, nil, 0, "export.xml"))
        defer { xmlFreeParserCtxt(context) }
        let options =
            XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOENT.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: options))
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = xmlParseChunk(context, $0.baseAddress, Int32($0.count), 1) }
        }
        guard context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            let message = xmlCtxtGetLastError(context).flatMap { $0.pointee.message.map { String(cString: $0) } }
            XCTFail("not (namespace-)well-formed: \(message ?? "?")", file: file, line: line)
            throw ParseFailure()
        }
        return ParsedXML(
            items: collector.items,
            encoding: context.pointee.encoding.map { string($0) },
            version: context.pointee.version.map { string($0) })
    }

    private static func walk(_ root: xmlNodePtr) -> [XMLItem] {
        var items: [XMLItem] = []
        var node = root
        while true {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                items.append(.start(name(of: node), attributes: attributes(of: node)))
                if let child = node.pointee.children {
                    node = child
                    continue
                }
                items.append(.end)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = node.pointee.content.map { string($0) } ?? ""
                if case .text(let previous) = items.last {
                    items[items.count - 1] = .text(previous + text)
                } else {
                    items.append(.text(text))
                }
            default:
                break
            }
            while node != root, node.pointee.next == nil, let parent = node.pointee.parent {
                node = parent
                items.append(.end)
            }
            guard node != root, let next = node.pointee.next else { break }
            node = next
        }
        return items
    }

    private static func name(of node: xmlNodePtr) -> QualifiedName {
        QualifiedName(
            namespace: node.pointee.ns?.pointee.href.map { string($0) },
            local: node.pointee.name.map { string($0) } ?? "")
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: QualifiedName, value: String)] {
        var attributes: [(name: QualifiedName, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            attributes.append(
                (
                    QualifiedName(
                        namespace: current.pointee.ns?.pointee.href.map { string($0) },
                        local: current.pointee.name.map { string($0) } ?? ""),
                    value.map { string($0) } ?? ""
                ))
            gx_xml_free(value)
            attribute = current.pointee.next
        }
        return attributes
    }

    private static func string(_ characters: UnsafePointer<xmlChar>) -> String {
        String(cString: characters)
    }
}

/// What the SAX2 callbacks of ``ParsedXML/parseStreaming(_:file:line:)`` collect.
private final class SAXCollector {
    var items: [XMLItem] = []

    static func from(_ context: UnsafeMutableRawPointer?) -> SAXCollector {
        Unmanaged<SAXCollector>.fromOpaque(context!).takeUnretainedValue()
    }

    func start(
        _ local: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        var list: [(name: QualifiedName, value: String)] = []
        for index in 0..<count {
            let fields = attributes! + 5 * index
            let value = UnsafeBufferPointer(start: fields[3]!, count: fields[4]! - fields[3]!)
            list.append(
                (
                    QualifiedName(namespace: fields[2].map { String(cString: $0) }, local: String(cString: fields[0]!)),
                    String(decoding: value, as: UTF8.self)
                ))
        }
        items.append(
            .start(
                QualifiedName(namespace: uri.map { String(cString: $0) }, local: String(cString: local!)),
                attributes: list))
    }

    func end() {
        items.append(.end)
    }

    func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
        let text = String(decoding: UnsafeBufferPointer(start: characters!, count: length), as: UTF8.self)
        if case .text(let previous) = items.last {
            items[items.count - 1] = .text(previous + text)
        } else {
            items.append(.text(text))
        }
    }
}
