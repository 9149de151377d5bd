// A tiny scrapbook kept in ordinary Swift classes that point at each other in cycles, exported as
// JSON with graphexport: every object once, every other mention a reference. Given a store, the
// program exports that instead, as graphexport does (StoreExample.swift); given `--plugin NAME`, it
// writes the scrapbook through that format plugin, as graphexport runs one (PluginExample.swift).
import GraphExport
import GraphExportJSON

// MARK: - The app's objects

/// An album owns its photos and picks one of them as its favorite.
final class Album {
    let title: String
    private(set) var photos: [Photo] = []
    /// The album's favorite photo; the photo points back through `favoriteOf`.
    var favorite: Photo? {
        didSet {
            oldValue?.favoriteOf = nil
            favorite?.favoriteOf = self
        }
    }

    init(title: String) {
        self.title = title
    }

    /// Adds `photo` to the album, which the photo points back at.
    @discardableResult
    func add(_ photo: Photo) -> Photo {
        photos.append(photo)
        photo.album = self
        return photo
    }
}

/// A photo points back at its album (and at the album whose favorite it is) and shares its tags
/// with other photos.
final class Photo {
    let caption: String
    let takenAt: Timestamp
    var tags: [Tag] = []
    weak var album: Album?
    weak var favoriteOf: Album?

    init(caption: String, takenAt: String, tags: [Tag] = []) {
        self.caption = caption
        self.takenAt = Timestamp(iso8601: takenAt)!
        self.tags = tags
    }
}

/// A tag, shared by every photo that has it.
final class Tag {
    let name: String

    init(name: String) {
        self.name = name
    }
}

// MARK: - How the classes map onto entities

extension Album: Exportable {
    static let entity = EntityInfo(
        name: "Album",
        attributes: [AttributeInfo(name: "title", type: .string)],
        relationships: [
            RelationshipInfo(
                name: "photos", destination: "Photo", isToMany: true, isOrdered: true, inverse: "album",
                deletionRule: .cascade),
            RelationshipInfo(name: "favorite", destination: "Photo", isToMany: false, inverse: "favoriteOf"),
        ])

    var values: [String: Value] { ["title": .string(title)] }
    var links: [(relationship: String, objects: [any Exportable])] {
        [("photos", photos), ("favorite", favorite.map { [$0] } ?? [])]
    }
}

extension Photo: Exportable {
    static let entity = EntityInfo(
        name: "Photo",
        attributes: [AttributeInfo(name: "caption", type: .string), AttributeInfo(name: "takenAt", type: .date)],
        relationships: [
            RelationshipInfo(name: "album", destination: "Album", isToMany: false, inverse: "photos"),
            RelationshipInfo(name: "favoriteOf", destination: "Album", isToMany: false, inverse: "favorite"),
            RelationshipInfo(name: "tags", destination: "Tag", isToMany: true, inverse: "photos"),
        ])

    var values: [String: Value] { ["caption": .string(caption), "takenAt": .date(takenAt)] }
    // `album` and `favoriteOf` are the inverses of links the album gives: the graph fills them in.
    var links: [(relationship: String, objects: [any Exportable])] { [("tags", tags)] }
}

extension Tag: Exportable {
    static let entity = EntityInfo(
        name: "Tag",
        attributes: [AttributeInfo(name: "name", type: .string)],
        relationships: [RelationshipInfo(name: "photos", destination: "Photo", isToMany: true, inverse: "tags")])

    var values: [String: Value] { ["name": .string(name)] }
    // The Swift class keeps no list of its photos; the graph fills in `photos` from `Photo.tags`.
    var links: [(relationship: String, objects: [any Exportable])] { [] }
}

// MARK: - A scrapbook, exported

let sea = Tag(name: "sea")
let food = Tag(name: "food")
let family = Tag(name: "family")

let lisbon = Album(title: "Summer in Lisbon")
let tram = lisbon.add(Photo(caption: "Tram 28 up to Graça", takenAt: "2017-07-01T08:00:12.5Z", tags: [family]))
lisbon.add(Photo(caption: "Pastéis de nata", takenAt: "2017-07-01T10:30:00Z", tags: [food, family]))
lisbon.add(Photo(caption: "Sunset at Cascais", takenAt: "2017-07-02T20:51:40Z", tags: [sea]))
lisbon.favorite = tram

let porto = Album(title: "A weekend in Porto")
let ribeira = porto.add(Photo(caption: "Ribeira from the bridge", takenAt: "2018-03-10T16:05:00Z", tags: [sea]))
porto.add(Photo(caption: "Francesinha", takenAt: "2018-03-10T20:15:00Z", tags: [food]))
porto.favorite = ribeira

let model = try GraphModel(entities: [Album.entity, Photo.entity, Tag.entity])
let graph = try InMemoryGraph(
    exporting: [lisbon, porto], model: model,
    document: DocumentInfo(sourceKind: "in-memory graph", source: "EmbeddingExample"))
let exporter = GraphExporter(source: graph, shape: .tree)
let arguments = Array(CommandLine.arguments.dropFirst())
if let option = arguments.firstIndex(of: "--plugin"), option + 1 < arguments.count {
    // `EmbeddingExample --plugin csv`: the scrapbook through a format plugin (PluginExample.swift).
    try PluginExample.export(graph, plugin: arguments[option + 1])
} else if let store = arguments.first, !store.hasPrefix("--") {
    // `EmbeddingExample <store> [<entity>…]`: a store exported as graphexport exports it.
    try StoreExample.export(store, entities: Array(arguments.dropFirst()))
} else {
    // The JSON format as its module describes it, pretty unless the program is run with `--compact`.
    try exporter.write(to: FileDescriptorSink.standardOutput(), format: .json(pretty: !arguments.contains("--compact")))
}
