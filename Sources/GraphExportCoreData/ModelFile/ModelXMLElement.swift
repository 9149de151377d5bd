import CLibXML2

extension ModelFile {
    /// An XML element copied out of a libxml2 tree into Swift values, so that no C pointer
    /// outlives the parse: the document is freed before ``parse(_:path:)`` returns.
    ///
    /// Only what the model loader reads is kept: the element's name, line, attributes, child
    /// elements and the text directly inside it. Namespaces, comments and processing
    /// instructions are dropped.
    struct XMLElement {
        /// The element's name (`entity`).
        let name: String
        /// The line the element starts on, when libxml2 knows it.
        let line: Int?
        /// The element's attributes, by name.
        let attributes: [String: String]
        /// The child elements, in document order.
        let children: [XMLElement]
        /// The text and CDATA directly inside the element, concatenated.
        let text: String

        /// The value of an attribute.
        subscript(attribute: String) -> String? {
            attributes[attribute]
        }

        /// Whether a Core Data boolean attribute is set (`optional="YES"`); absent means no.
        func flag(_ attribute: String) -> Bool {
            attributes[attribute] == "YES"
        }

        /// Parses a whole XML document and returns its root element.
        ///
        /// Parsing never touches the network (`XML_PARSE_NONET`), loads no external DTD or entity
        /// (no `XML_PARSE_DTDLOAD`, no `XML_PARSE_NOENT`: one referenced from an attribute value is
        /// an error) and keeps libxml2's size limits (no `XML_PARSE_HUGE`). A document that
        /// declares an entity is refused with ``ModelFileError/declaresEntity(path:name:)`` before
        /// any is expanded: Xcode never writes one, and a small entity referenced from many
        /// attribute values would expand to gigabytes. libxml2 writes nothing to standard error.
        /// A document that is not well formed throws
        /// ``ModelFileError/malformedXML(path:line:message:)`` with libxml2's first error (an
        /// entity "billion laughs" is one: libxml2 stops it as an entity loop).
        static func parse(_ bytes: [UInt8], path: String) throws -> XMLElement {
            _ = libraryInitialized
            guard bytes.count <= Int(Int32.max) else {
                throw ModelFileError.malformedXML(
                    path: path, line: nil, message: "the file is too large for an XML model")
            }
            guard let context = xmlNewParserCtxt() else {
                throw ModelFileError.unreadable(path: path, reason: "libxml2 is out of memory")
            }
            defer { xmlFreeParserCtxt(context) }
            // libxml2 keeps parsing after the first error and remembers only the last one, which
            // is usually a consequence ("Premature end of data"): keep the first one instead.
            let firstError = UnsafeMutablePointer<ParseError?>.allocate(capacity: 1)
            firstError.initialize(to: nil)
            defer { firstError.deinitialize(count: 1).deallocate() }
            context.pointee._private = UnsafeMutableRawPointer(firstError)
            context.pointee.sax.pointee.serror = { userData, error in
                // For parser errors libxml2 passes the context's userData, which is the context.
                guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
                    let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self),
                    let slot = context.pointee._private?.assumingMemoryBound(to: ParseError?.self),
                    slot.pointee == nil
                else { return }
                slot.pointee = ParseError(error.pointee)
            }
            let options = Int32(
                XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                    | XML_PARSE_NOWARNING.rawValue)
            // A zero-length buffer still needs a valid address.
            let buffer = bytes.isEmpty ? [0] : bytes
            let document = buffer.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(context, chars.baseAddress, Int32(bytes.count), path, nil, options)
                }
            }
            guard let document else {
                let error = firstError.pointee ?? ParseError(context.pointee.lastError)
                throw ModelFileError.malformedXML(path: path, line: error.line, message: error.message)
            }
            defer { xmlFreeDoc(document) }
            if let name = firstEntityDeclaration(in: document) {
                throw ModelFileError.declaresEntity(path: path, name: name)
            }
            guard let root = xmlDocGetRootElement(document) else {
                throw ModelFileError.malformedXML(
                    path: path, line: nil, message: "the document has no root element")
            }
            return XMLElement(root, document: document)
        }

        /// The name of the first entity (general or parameter) the document's internal DTD
        /// subset declares; the external subset is never loaded.
        private static func firstEntityDeclaration(in document: xmlDocPtr) -> String? {
            var node = document.pointee.intSubset?.pointee.children
            while let current = node {
                if current.pointee.type == XML_ENTITY_DECL { return String(cString: current.pointee.name) }
                node = current.pointee.next
            }
            return nil
        }

        private init(_ node: xmlNodePtr, document: xmlDocPtr) {
            name = String(cString: node.pointee.name)
            let number = xmlGetLineNo(node)
            line = number > 0 ? Int(number) : nil
            var attributes: [String: String] = [:]
            var property = node.pointee.properties
            while let current = property {
                let value = xmlNodeListGetString(document, current.pointee.children, 1)
                attributes[String(cString: current.pointee.name)] =
                    value.map { String(cString: $0) } ?? ""
                gx_xml_free(value)
                property = current.pointee.next
            }
            self.attributes = attributes
            var children: [XMLElement] = []
            var text = ""
            var child = node.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_ELEMENT_NODE:
                    children.append(XMLElement(current, document: document))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { text += String(cString: content) }
                default:
                    break
                }
                child = current.pointee.next
            }
            self.children = children
            self.text = text
        }

        /// The message and line of one libxml2 error.
        private struct ParseError: Equatable {
            let message: String
            let line: Int?

            init(_ error: xmlError) {
                var message = error.message.map { String(cString: $0) } ?? ""
                while message.last?.isWhitespace == true { message.removeLast() }
                self.message = message.isEmpty ? "libxml2 gave no detail" : message
                line = error.line > 0 ? Int(error.line) : nil
            }
        }

        /// Initializes libxml2 once per process before its first use, as threaded programs must.
        private static let libraryInitialized: Void = xmlInitParser()
    }
}
