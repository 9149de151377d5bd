import GraphExport

/// Which attribute each `ACHANGE.ZTOMBSTONE<n>` column holds for a deleted object of each entity:
/// the values Core Data keeps of the attributes marked "Preserve After Deletion"
/// (`docs/COREDATA.md`, *Persistent history*, grades each rule).
///
/// The model says which attributes those are: model XML (`preserveAfterDeletion="YES"`), a
/// compiled model and a store's `Z_MODELCACHE` (bit 16 of `NSFlagsKey`); a legacy compiled model
/// does not. `ZTOMBSTONE0`, `ZTOMBSTONE1`, … hold an entity's preserved attributes by name (the
/// Apple Photos stores show it for entities whose preserved attributes one level of the
/// hierarchy declares); when they come from several levels, their order is not known and only
/// an entity with one has its column named.
struct TombstoneNames {
    /// Per model entity: the attribute of each tombstone column; `nil` when the order is not known.
    private let columns: [[AttributeInfo]?]?

    /// The preserved attributes of every entity of `layout`'s model, inherited ones included.
    init(layout: CoreDataLayout) {
        let model = layout.model
        columns = layout.preservedAfterDeletion.map { names in
            model.entities.indices.map { entity -> [AttributeInfo]? in
                let levels = model.lineage(of: entity).map { level in
                    model.entities[level].attributes.filter {
                        names.contains(model.entities[level].name + "." + $0.name)
                    }
                }.filter { !$0.isEmpty }
                let preserved = levels.joined()
                guard levels.count <= 1 || preserved.count == 1 else { return nil }
                return preserved.sorted { $0.name < $1.name }
            }
        }
    }

    /// The attribute that column `column` (the `n` of `ZTOMBSTONE<n>`) holds for `entity`, if known.
    func attribute(of entity: Int, at column: Int) -> AttributeInfo? {
        guard let attributes = columns?[entity] ?? nil, column < attributes.count else { return nil }
        return attributes[column]
    }

    /// Why tombstone column `column` of `entity` has no attribute, for a warning.
    func reason(for entity: Int, at column: Int) -> String {
        guard let known = columns else {
            return "the model (a legacy compiled model) does not say which attributes Core Data preserves after "
                + "deletion; give the app's .xcdatamodeld with --model"
        }
        guard let attributes = known[entity] else {
            return "the model marks attributes of several levels of its hierarchy Preserve After Deletion, and the "
                + "order of their ZTOMBSTONE columns is not known"
        }
        switch attributes.count {
        case 0: return "the model marks none of its attributes Preserve After Deletion"
        default:
            return "the model marks only \(attributes.count) of its attributes Preserve After Deletion, held in "
                + "ZTOMBSTONE0…\(attributes.count - 1), not ZTOMBSTONE\(column)"
        }
    }
}
