extension RelationalSchema {
    /// Each name of the database that is not the model's own (docs/RELATIONAL.md, *Names*: a name
    /// taken before, cut to 63 bytes, or starting with `sqlite_`), said as the model's name and
    /// the database's, one sentence each: `Photo.source is "Item"."source_2"`. A view's columns
    /// are the model's names, and a table or view named by its entity needs no sentence, so the
    /// names `inspect` and the diagrams show lead to the database's through these. Empty when the
    /// database has the model's names throughout.
    public var renames: [String] {
        var sentences: [String] = []
        for table in tables {
            switch table.kind {
            case .hierarchy(let root):
                let entity = model.entities[root].name
                if table.name != entity { sentences.append("the entity \(entity) is the table \(quoted(table.name))") }
            case .join(let entity, let relationship, let isOrdered):
                let declarer = model.entities[entity].name
                if table.name != declarer + "_" + relationship {
                    sentences.append("\(declarer).\(relationship) is the join table \(quoted(table.name))")
                }
                if isOrdered, table.columns[2].name != "position" {
                    sentences.append(
                        "the position in \(declarer).\(relationship) is \(quoted(table.name)).\(quoted(table.columns[2].name))"
                    )
                }
            }
        }
        let subEntities = model.entities.indices.filter { model.entities[$0].parent != nil }
        for (view, entity) in zip(views, subEntities) where view.name != model.entities[entity].name {
            sentences.append("the entity \(model.entities[entity].name) is the view \(quoted(view.name))")
        }
        // An inherited property is listed under every entity that has it: said once, by the first.
        var said: Set<[String]> = []
        for place in propertyPlaces {
            guard let table = place.table, let column = place.column, column != place.property,
                said.insert([table, column]).inserted
            else { continue }
            sentences.append("\(place.entity).\(place.property) is \(quoted(table)).\(quoted(column))")
        }
        return sentences
    }

    private func quoted(_ name: String) -> String {
        SQLText.identifier(name)
    }
}
