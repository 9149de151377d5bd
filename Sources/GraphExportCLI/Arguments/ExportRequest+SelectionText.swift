extension ExportRequest {
    /// The options that chose and shaped the rows, as text, in one order whatever the order given
    /// (`--entity Note --root Folder --where name = 'Inbox' --closure`): what an export records in
    /// the relational formats' `graphexport_source` (docs/RELATIONAL.md, *What was exported*) and a
    /// sync in its target, where a later run with other text rebuilds the tables (docs/SYNC.md,
    /// *What the target records*). A value is written as given; an option without a value is its
    /// name alone. The options of nesting (`--nest`, `--no-nest`, `--depth`) are not in it: the
    /// relational formats and sync, which record it, write no nesting and refuse them.
    var selectionText: String {
        var words: [String] = []
        func add(_ option: String, _ values: [String]) {
            for value in values { words += ["--" + option] + (value.isEmpty ? [] : [value]) }
        }
        add("model", model.map { [$0] } ?? [])
        add("model-version", modelVersion.map { [$0] } ?? [])
        add("source", source == .auto ? [] : [source.rawValue])
        add("entity", entities)
        add("exclude-entity", excludedEntities)
        add("exact", exact ? [""] : [])
        add("root", root.map { [$0] } ?? [])
        add("where", whereExpression.map { [$0] } ?? [])
        add("closure", closure ? [""] : [])
        add("limit", limit.map { [String($0)] } ?? [])
        add("since", since.map { [$0.optionText] } ?? [])
        add("include-history", includeHistory ? [""] : [])
        add("exclude-attribute", excludedAttributes)
        add("attributes", keptAttributes)
        add("blobs", blobs.map { [$0] } ?? [])
        add("raw-values", rawValues ? [""] : [])
        add("no-decode", noDecode.sorted())
        add("include-views", includeViews ? [""] : [])
        add("infer-relations", inferRelations ? [""] : [])
        add("json-columns", (jsonColumns ? [""] : []) + jsonColumnNames)
        return words.joined(separator: " ")
    }
}
