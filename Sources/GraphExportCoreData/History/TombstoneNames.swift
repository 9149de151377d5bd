import GraphExport

/// Which attribute each `ACHANGE.ZTOMBSTONE<n>` column holds for a deleted object of each entity:
/// the values Core Data keeps of the attributes marked "Preserve After Deletion".
///
/// No sample store has tombstone columns, and the order Core Data gives several preserved
/// attributes of one entity is not known (`docs/COREDATA.md`), so a column is named only when the
/// entity has exactly one preserved attribute: `ZTOMBSTONE0` holds it. The model must say which
/// attributes are preserved: model XML does (`preserveAfterDeletion="YES"`); a compiled model or a
/// store's `Z_MODELCACHE` does not, as far as is known.
struct TombstoneNames {
    private let preserved: [[AttributeInfo]]?

    /// The preserved attributes of every entity of `layout`'s model, inherited ones included.
    init(layout: CoreDataLayout) {
        let model = layout.model
        preserved = layout.preservedAfterDeletion.map { names in
            model.entities.indices.map { entity in
                model.lineage(of: entity).flatMap { level in
                    model.entities[level].attributes.filter {
                        names.contains(model.entities[level].name + "." + $0.name)
                    }
                }
            }
        }
    }

    /// The attribute that column `column` (the `n` of `ZTOMBSTONE<n>`) holds for `entity`, if known.
    func attribute(of entity: Int, at column: Int) -> AttributeInfo? {
        guard let attributes = preserved?[entity], attributes.count == 1, column == 0 else { return nil }
        return attributes[0]
    }

    /// Why a tombstone column of `entity` has no attribute, for a warning.
    func reason(for entity: Int) -> String {
        guard let attributes = preserved?[entity] else {
            return "the model (a compiled model or the store's Z_MODELCACHE) does not say which attributes Core Data "
                + "preserves after deletion; give the app's .xcdatamodeld with --model"
        }
        switch attributes.count {
        case 0: return "the model marks none of its attributes Preserve After Deletion"
        case 1: return "the model marks only \(attributes[0].name) Preserve After Deletion, held in ZTOMBSTONE0"
        default:
            return "the model marks \(attributes.count) of its attributes Preserve After Deletion, and the order of "
                + "their ZTOMBSTONE columns is not known"
        }
    }
}
