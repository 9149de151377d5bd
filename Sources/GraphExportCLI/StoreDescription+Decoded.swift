import GraphExport
import GraphExportDecoders
import GraphExportStore

extension StoreDescription {
    /// The description with the attributes value decoders add (`ICNoteData.text`), each right
    /// after the attribute it is decoded from, on the entity that declares that one and the
    /// entities that inherit it, read from its column.
    func adding(_ decoded: [DecodedAttribute], of model: GraphModel) -> StoreDescription {
        var description = self
        for index in description.entities.indices {
            let entity = description.entities[index]
            for attribute in decoded.reversed() {
                guard
                    let position = entity.attributes.firstIndex(where: { stored in
                        stored.declaredBy == attribute.entity && stored.info.name == attribute.claimed
                    }),
                    let entityIndex = model.index(of: entity.name),
                    let info = model.attributes(of: entityIndex).first(where: { $0.name == attribute.name })
                else { continue }
                var added = entity.attributes[position]
                added.info = info
                added.declaredType = nil
                added.typing = nil
                added.allowsExternalStorage = false
                added.decoder = attribute.decoder
                description.entities[index].attributes.insert(added, at: position + 1)
            }
        }
        return description
    }
}
