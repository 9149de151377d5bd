import GraphExport
import GraphExportTestSupport

extension NeutralDocument {
    /// The document a reader of events read back (the XML one): its header, and its objects as the
    /// events nest them, an empty to-one null. Without recursion, for deep documents.
    init(_ export: DecodedExport) {
        /// An object or relationship being read, innermost last.
        final class Open {
            var node: NeutralNode?
            var relationship: (name: String, isToMany: Bool)?
            var items: [NeutralItem] = []

            init(node: NeutralNode? = nil, relationship: (name: String, isToMany: Bool)? = nil) {
                self.node = node
                self.relationship = relationship
            }
        }
        self.init(header: export.fields)
        var stack: [Open] = []
        for event in export.events {
            switch event {
            case .beginObject(let entity, let id):
                stack.append(Open(node: NeutralNode(id: id.text, entity: entity)))
            case .attribute(let name, let value):
                stack.last?.node?.attributes[name] = NeutralValue(value)
            case .beginRelationship(let name, let isToMany):
                stack.append(Open(relationship: (name, isToMany)))
            case .reference(let id):
                stack.last?.items.append(.reference(id.text))
            case .endRelationship:
                guard let open = stack.popLast(), let relationship = open.relationship else { continue }
                stack.last?.node?.relationships[relationship.name] =
                    !relationship.isToMany && open.items.isEmpty ? .null : .items(open.items)
            case .endObject:
                guard let node = stack.popLast()?.node else { continue }
                if let parent = stack.last { parent.items.append(.node(node)) } else { nodes.append(node) }
            case .changedProperties, .deleted:
                // The XML reader reads no history marks.
                continue
            }
        }
    }
}
