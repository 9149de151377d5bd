public import GraphExport
public import GraphExportDecoders
public import GraphExportSQLite

extension StoreDescription {
    /// The description with the attributes value decoders add (`ICNoteData.text`), each after
    /// the attribute it is decoded from (and the outputs of that attribute added before it), on
    /// the entity that declares that one and the entities that inherit it, read from its column.
    public func adding(_ decoded: [DecodedAttribute], of model: GraphModel) -> StoreDescription {
        var description = self
        for index in description.entities.indices {
            guard let entity = model.index(of: description.entities[index].name) else { continue }
            var attributes = description.entities[index].attributes
            /// Per claimed attribute, how many outputs are already placed after it.
            var placed: [String: Int] = [:]
            for attribute in decoded {
                guard
                    let position = attributes.firstIndex(where: { stored in
                        stored.decoder == nil && stored.declaredBy == attribute.entity
                            && stored.info.name == attribute.claimed
                    }),
                    let info = model.attributes(of: entity).first(where: { $0.name == attribute.name })
                else { continue }
                var added = attributes[position]
                added.info = info
                added.decoder = attribute.decoder
                let offset = placed[attribute.claimed, default: 0]
                attributes.insert(added, at: position + 1 + offset)
                placed[attribute.claimed] = offset + 1
            }
            description.entities[index].attributes = attributes
        }
        return description
    }
}
