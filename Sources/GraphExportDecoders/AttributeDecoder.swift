public import GraphExport

/// A value decoder: it claims stored attributes and turns each value's bytes into the values of
/// attributes it adds to the entity (`ICNoteData.data` → `text` and `markdown`). The stored
/// attribute keeps its bytes beside them: a decoder reads them, it does not replace them
/// (docs/PLUGINS.md, *Value decoders*).
///
/// Decoders are the second kind of plugin beside formats: the built-in ones are in
/// ``BuiltInDecoders``; the command line adds the external programs it finds. A decoder is used
/// from one thread, for one export.
public protocol AttributeDecoder: AnyObject {
    /// The decoder's name, for `graphexport formats` and `--no-decode` (`notes`).
    var name: String { get }
    /// One line saying what it decodes.
    var summary: String { get }
    /// The attributes it decodes.
    var claims: [DecoderClaim] { get }
    /// The entities whose objects it looks up (``ObjectLookup``), so that an export reads them
    /// whole even when it writes none of them or leaves some of their attributes out.
    var lookedUpEntities: [String] { get }
    /// The attributes it adds after each claimed one, in order: their names, types (String,
    /// Integer 64, Double, Boolean, Binary, or Transformable for any value, arrays and maps
    /// included) and optional (a value that cannot be decoded leaves them null).
    var outputs: [AttributeInfo] { get }
    /// The values of ``outputs`` for one stored value (one per output, in order); throws
    /// ``DecodingFailure`` for a value it cannot decode, whose outputs are then null. Any other
    /// error stops the export (an external decoder that stopped answering).
    func decode(_ input: DecoderInput) throws -> [Value]
    /// Called once when the export ends, so that an external decoder can stop; may throw what
    /// stopping fails with.
    func finish() throws
}

extension AttributeDecoder {
    /// Nothing to stop.
    public func finish() throws {}

    /// None: it reads the object of the value it decodes alone.
    public var lookedUpEntities: [String] { [] }
}

/// An attribute a decoder claims: an entity's attribute, in a model that has the entities
/// ``modelEntities`` names (the app's model identity, as far as a store shows it).
public struct DecoderClaim: Sendable, Hashable {
    /// The entity, or an entity that inherits the attribute (`ICNoteData`).
    public var entity: String
    /// The attribute (`data`).
    public var attribute: String
    /// Entities the model must also have for the claim to hold (`ICNote`, `ICAttachment`): the
    /// app's model identity. Empty: any model with the entity and attribute.
    public var modelEntities: [String]

    /// Creates a claim.
    public init(entity: String, attribute: String, modelEntities: [String] = []) {
        self.entity = entity
        self.attribute = attribute
        self.modelEntities = modelEntities
    }

    /// `Entity.attribute`.
    public var qualifiedName: String { entity + "." + attribute }
}

/// One stored value a decoder decodes, and what it may look at besides.
public struct DecoderInput {
    /// The stored bytes (a text value's UTF-8 bytes).
    public let bytes: [UInt8]
    /// The object the value belongs to.
    public let object: ObjectID
    /// The object's entity.
    public let entity: String
    /// The claimed attribute.
    public let attribute: String
    /// The object's other stored values, by attribute name (gathered when first asked for: most
    /// values need none of them).
    public var values: [String: Value] { otherValues() }
    private let otherValues: () -> [String: Value]
    /// Finds other objects of the source by an attribute's value.
    public let lookup: any ObjectLookup
    /// Reports a warning about the value (a part of it that could not be read, though the rest
    /// was): a phrase the warning names the object and decoder before.
    public let warn: (String) -> Void

    /// Creates an input.
    public init(
        bytes: [UInt8], object: ObjectID, entity: String, attribute: String, values: [String: Value],
        lookup: any ObjectLookup, warn: @escaping (String) -> Void
    ) {
        self.init(
            bytes: bytes, object: object, entity: entity, attribute: attribute, values: { values }, lookup: lookup,
            warn: warn)
    }

    /// Creates an input whose other values `values` gathers when a decoder asks for them, while
    /// ``AttributeDecoder/decode(_:)`` runs.
    package init(
        bytes: [UInt8], object: ObjectID, entity: String, attribute: String,
        values: @escaping () -> [String: Value], lookup: any ObjectLookup, warn: @escaping (String) -> Void
    ) {
        self.warn = warn
        self.bytes = bytes
        self.object = object
        self.entity = entity
        self.attribute = attribute
        otherValues = values
        self.lookup = lookup
    }
}

/// Why a decoder did not decode a value: its bytes stay as stored and its outputs are null, with
/// a warning naming the object.
public struct DecodingFailure: Error, Sendable, Hashable {
    /// A phrase that completes "the value …" (`is encrypted (a password-protected note)`).
    public var reason: String
    /// Whether one warning for the attribute says it for every value (naming the first), rather
    /// than one warning per value: for what is expected of many values, such as encryption.
    public var oncePerAttribute: Bool

    /// Creates a failure.
    public init(_ reason: String, oncePerAttribute: Bool = false) {
        self.reason = reason
        self.oncePerAttribute = oncePerAttribute
    }
}

/// Finds objects of the source being decoded by the value of one of their attributes.
public protocol ObjectLookup {
    /// The first object (in key order) of `entity` or an entity that inherits from it whose
    /// `attribute` is the text `value`, or `nil`; throws what reading the source throws.
    func object(of entity: String, where attribute: String, is value: String) throws -> FoundObject?
}

/// An object a lookup found.
public struct FoundObject {
    /// Its identifier.
    public let id: ObjectID
    /// Its concrete entity's name.
    public let entity: String
    private let stored: Stored

    /// The values as given, or by position with the positions of the entity's attributes (one
    /// map for all the objects of an entity).
    private enum Stored {
        case named([String: Value])
        case positional(positions: [String: Int], values: [Value])
    }

    /// Its stored values, by attribute name.
    public var values: [String: Value] {
        switch stored {
        case .named(let values): return values
        case .positional(let positions, let values): return positions.mapValues { values[$0] }
        }
    }

    /// Its stored value of `attribute`, or `nil` when its entity has no such attribute.
    public func value(of attribute: String) -> Value? {
        switch stored {
        case .named(let values): return values[attribute]
        case .positional(let positions, let values): return positions[attribute].map { values[$0] }
        }
    }

    /// Creates a found object.
    public init(id: ObjectID, entity: String, values: [String: Value]) {
        self.id = id
        self.entity = entity
        stored = .named(values)
    }

    /// Creates a found object whose values are `values`, the attribute named `name` at
    /// `positions[name]`.
    package init(id: ObjectID, entity: String, positions: [String: Int], values: [Value]) {
        self.id = id
        self.entity = entity
        stored = .positional(positions: positions, values: values)
    }
}

/// An attribute a decoder adds to a source's model (``DecodingSource/decodedAttributes``).
public struct DecodedAttribute: Sendable, Hashable {
    /// The entity that declares it: the one that declares the claimed attribute.
    public let entity: String
    /// Its name (`text`).
    public let name: String
    /// The stored attribute it is decoded from (`data`), which it follows.
    public let claimed: String
    /// The decoder's name (`notes`).
    public let decoder: String
}
