import CLibXML2

/// An expanded XML name: namespace URI (`nil` for none) and local name.
public struct XMLName: Hashable, CustomStringConvertible {
    /// The namespace URI, `nil` for none.
    public var namespace: String?
    /// The local name.
    public var local: String

    /// A name in `namespace`.
    public init(namespace: String?, local: String) {
        self.namespace = namespace
        self.local = local
    }

    public var description: String { namespace.map { "{\($0)}\(local)" } ?? local }
}

/// One step of a parsed document, in document order: a neutral form, independent of libxml2, in
/// which pretty and compact output can be compared and which deep documents can be read into
/// without recursion.
public enum XMLItem: Equatable, CustomStringConvertible {
    /// An element starts, with its attributes in document order (namespace declarations left out).
    case start(XMLName, attributes: [(name: XMLName, value: String)])
    /// Character data (text and CDATA, adjacent pieces merged).
    case text(String)
    /// The innermost element ends.
    case end

    public static func == (left: XMLItem, right: XMLItem) -> Bool {
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

    public var description: String {
        switch self {
        case .start(let name, let attributes):
            return "<\(name)" + attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined() + ">"
        case .text(let text): return text.debugDescription
        case .end: return "</>"
        }
    }
}

/// The one XML reader of the tests: a document that libxml2's parser found well-formed and
/// namespace-well-formed, read into a tree and walked, or read through SAX2.
public struct ParsedXML {
    /// Every element, attribute and text, in document order.
    public let items: [XMLItem]
    /// The XML declaration's encoding.
    public let encoding: String?
    /// The XML declaration's version.
    public let version: String?

    /// Why libxml2 rejected a document.
    public struct NotWellFormed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The items without white space that only lays out elements: white-space text that is not the
    /// whole content of an element.
    public var withoutLayout: [XMLItem] {
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

    /// Parses `bytes` with libxml2 into a tree (`XML_PARSE_HUGE`, no network, errors collected,
    /// not printed) and walks it without recursion; throws ``NotWellFormed`` for a document that
    /// is not well-formed or not namespace-well-formed.
    public static func parse(_ bytes: [UInt8]) throws -> ParsedXML {
        try withDocument(bytes) { document, root in
            ParsedXML(
                items: walk(root),
                encoding: document.pointee.encoding.map { string($0) },
                version: document.pointee.version.map { string($0) })
        }
    }

    /// Parses `bytes` with libxml2 into a tree, as ``parse(_:)`` does, and calls `body` with the
    /// document and its root element.
    static func withDocument<Result>(
        _ bytes: [UInt8], _ body: (xmlDocPtr, xmlNodePtr) throws -> Result
    ) throws -> Result {
        guard let context = xmlNewParserCtxt() else { throw NotWellFormed(description: "xmlNewParserCtxt failed") }
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
        guard let document else { throw NotWellFormed(description: "not well-formed: \(message ?? "?")") }
        defer { xmlFreeDoc(document) }
        guard context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            throw NotWellFormed(description: "not (namespace-)well-formed: \(message ?? "?")")
        }
        guard let root = xmlDocGetRootElement(document) else { throw NotWellFormed(description: "no root element") }
        return try body(document, root)
    }

    /// Parses `bytes` with libxml2's SAX2 interface, building no tree, with the same options and
    /// checks as ``parse(_:)`` (and entities substituted).
    ///
    /// For very deep documents: libxml2's tree builder finds the namespace of each prefixed name
    /// (`gx:id`) by walking up the ancestors, which makes building a 100 000-deep tree quadratic,
    /// while its parser resolves prefixes from a stack.
    public static func parseStreaming(_ bytes: [UInt8]) throws -> ParsedXML {
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
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, "export.xml") else {
            throw NotWellFormed(description: "xmlCreatePushParserCtxt failed")
        }
        defer { xmlFreeParserCtxt(context) }
        let options =
            XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOENT.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: options))
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), 1) }
        }
        guard status == 0, context.pointee.wellFormed != 0, context.pointee.nsWellFormed != 0 else {
            let message = xmlCtxtGetLastError(context).flatMap { $0.pointee.message.map { String(cString: $0) } }
            throw NotWellFormed(description: "not (namespace-)well-formed: \(message ?? "?")")
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

    private static func name(of node: xmlNodePtr) -> XMLName {
        XMLName(
            namespace: node.pointee.ns?.pointee.href.map { string($0) },
            local: node.pointee.name.map { string($0) } ?? "")
    }

    private static func attributes(of node: xmlNodePtr) -> [(name: XMLName, value: String)] {
        var attributes: [(name: XMLName, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            attributes.append(
                (
                    XMLName(
                        namespace: current.pointee.ns?.pointee.href.map { string($0) },
                        local: current.pointee.name.map { string($0) } ?? ""),
                    value.map { string($0) } ?? ""
                ))
            gx_xml_free(value)
            attribute = current.pointee.next
        }
        return attributes
    }

    static func string(_ characters: UnsafePointer<xmlChar>) -> String {
        String(cString: characters)
    }
}

/// What the SAX2 callbacks of ``ParsedXML/parseStreaming(_:)`` collect.
private final class SAXCollector {
    var items: [XMLItem] = []

    static func from(_ context: UnsafeMutableRawPointer?) -> SAXCollector {
        Unmanaged<SAXCollector>.fromOpaque(context!).takeUnretainedValue()
    }

    func start(
        _ local: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        var list: [(name: XMLName, value: String)] = []
        for index in 0..<count {
            let fields = attributes! + 5 * index
            let value = UnsafeBufferPointer(start: fields[3]!, count: fields[4]! - fields[3]!)
            list.append(
                (
                    XMLName(namespace: fields[2].map { String(cString: $0) }, local: String(cString: fields[0]!)),
                    String(decoding: value, as: UTF8.self)
                ))
        }
        items.append(
            .start(
                XMLName(namespace: uri.map { String(cString: $0) }, local: String(cString: local!)),
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
