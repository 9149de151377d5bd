/// Chooses a sample of a source for `--limit`: at most ``limit`` objects of each concrete entity,
/// the objects reached from those already chosen first, so that children come with their owners.
///
/// Objects are chosen in rounds. A round takes some objects (``take(_:)``), then follows from them
/// breadth-first, in the order they were chosen: each chosen object's relationships in model
/// order, each relationship's destinations in its order, an object chosen when its entity still
/// has room and it was not chosen before. Following ownership (`reach` `.owned`), only the
/// relationships that nest their destinations are followed, to the destinations they own, as the
/// tree shape nests them; `.reachable` follows every relationship to every destination.
///
/// Memory is what the sample holds: its keys, each chosen object's to-one destinations until it
/// has been followed, and no more than one relationship's destination keys at a time.
struct SampleChooser {
    private let source: any GraphSource
    private let model: GraphModel
    /// The most objects of each concrete entity.
    let limit: Int
    /// The entities whose objects may be chosen (all when `nil`).
    private let entities: Set<Int>?
    private let reach: SelectionReach
    /// The objects chosen so far.
    private(set) var chosen: Set<ObjectKey> = []
    /// How many objects of each entity are chosen.
    private var counts: [Int]
    /// The chosen objects not followed yet, with their to-one destinations.
    private var pending: [(key: ObjectKey, toOne: [ObjectKey?])] = []
    /// Per entity and relationship, the concrete entities its destinations may be of.
    private let destinationKinds: [[[Int]]]

    /// A chooser of at most `limit` objects of each entity `entities` includes (all when `nil`),
    /// following `reach` from the objects taken.
    init(source: any GraphSource, limit: Int, entities: Set<Int>?, reach: SelectionReach) {
        self.source = source
        let model = source.model
        self.model = model
        self.limit = limit
        self.entities = entities
        self.reach = reach
        counts = Array(repeating: 0, count: model.entities.count)
        destinationKinds = model.entities.indices.map { entity in
            model.relationships(of: entity).map { relationship in
                model.concreteEntities.filter { model.entity($0, isKindOf: relationship.destination) }
            }
        }
    }

    /// Whether another object of `entity` may be chosen.
    func hasRoom(for entity: Int) -> Bool {
        counts[entity] < limit && (entities?.contains(entity) ?? true)
    }

    /// Chooses the object of `key`, whose to-one destinations are `toOne`, if its entity has room
    /// and it is not chosen yet; returns whether it was.
    @discardableResult
    mutating func take(_ key: ObjectKey, toOne: [ObjectKey?]) -> Bool {
        guard hasRoom(for: key.entity), !chosen.contains(key) else { return false }
        chosen.insert(key)
        counts[key.entity] += 1
        pending.append((key, toOne))
        return true
    }

    /// Follows the chosen objects not followed yet, and those chosen on the way, until none is left.
    mutating func follow() throws {
        var next = 0
        while next < pending.count {
            let (key, toOne) = pending[next]
            next += 1
            for (index, relationship) in model.relationships(of: key.entity).enumerated() {
                guard reach == .reachable || relationship.nestsDestination else { continue }
                guard destinationKinds[key.entity][index].contains(where: hasRoom) else { continue }
                if relationship.isToMany {
                    try followToMany(of: key, through: index, relationship)
                } else if let destination = toOne[index], hasRoom(for: destination.entity),
                    !chosen.contains(destination), let record = try source.record(destination),
                    reach == .reachable || model.owner(of: record) == relationship.inverse
                {
                    take(destination, toOne: record.toOne)
                }
            }
        }
        pending.removeAll()
    }

    /// Chooses the destinations of one to-many relationship of `key` that may be chosen, until
    /// no destination entity has room.
    private mutating func followToMany(
        of key: ObjectKey, through index: Int, _ relationship: ResolvedRelationship
    ) throws {
        let kinds = destinationKinds[key.entity][index]
        if reach == .owned, let records = try source.destinationRecords(of: key, through: index) {
            while kinds.contains(where: hasRoom), let child = try records.nextBorrowed() {
                if model.owner(of: child) == relationship.inverse { take(child.key, toOne: child.toOne) }
            }
            return
        }
        for destination in try source.destinations(of: key, through: index) {
            guard kinds.contains(where: hasRoom) else { return }
            guard hasRoom(for: destination.entity), !chosen.contains(destination),
                let record = try source.record(destination),
                reach == .reachable || model.owner(of: record) == relationship.inverse
            else { continue }
            take(destination, toOne: record.toOne)
        }
    }
}
