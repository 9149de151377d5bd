import GraphExport
import GraphExportRelational

extension SyncedStore {
    /// The mapping of the store's model, made as the relational writers make it from the
    /// document's entities, so that the run's statements and the staged rows agree.
    func relationalSchema() throws -> RelationalSchema {
        RelationalSchema(model: try GraphModel(entities: source.model.entities))
    }

    /// Writes the rows a run needs into `writer`: every selected object, or with `changes` the
    /// objects changed since the recorded token and the tombstones, flat, as an export (`--since`)
    /// writes them.
    func stage(changes: ChangeSet?, into writer: any GraphWriter, onWarning: @escaping WarningHandler) throws {
        var chosen = selection
        if let changes { chosen.objects = changes.objects }
        let traversal = GraphTraversal(
            source: source, shape: .flat, selection: chosen, changes: changes, onWarning: onWarning)
        try traversal.run(into: writer)
    }
}
