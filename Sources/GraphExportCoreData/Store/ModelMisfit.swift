/// A model version that was tried against a store and does not fit it, with what it lacks.
public struct ModelMisfit: Sendable, Hashable, CustomStringConvertible {
    /// What was tried.
    public enum Candidate: Sendable, Hashable {
        /// A version of the model given (`EasyLife 1.5.0`).
        case version(String)
        /// The model the store keeps of itself in `Z_MODELCACHE`.
        case modelCache
        /// The model read from the store's own tables (``InferredModel``), for a store without
        /// `Z_MODELCACHE` opened without a model.
        case inferred
    }

    /// What was tried.
    public let candidate: Candidate
    /// Why it does not fit, as a sentence without the store's path
    /// (`column ZTODOITEM.ZPROJECT for Project.todoItem is missing: …`).
    public let reason: String

    /// The misfit of `candidate` that `error` showed when it was tried against the store at
    /// `storePath`: its message, without the store's path in front, which a list of misfits names
    /// once.
    init(candidate: Candidate, error: any Error, storePath: String) {
        self.candidate = candidate
        let message = "\(error)"
        let prefix = storePath + ": "
        reason = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }

    /// `version 'EasyLife 1.5.0': column …`, `Z_MODELCACHE: …`.
    public var description: String {
        switch candidate {
        case .version(let name): "version '\(name)': \(reason)"
        case .modelCache: "Z_MODELCACHE: \(reason)"
        case .inferred: "the model inferred from the store's tables: \(reason)"
        }
    }
}
