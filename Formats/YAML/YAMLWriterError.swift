/// A failure inside libyaml, which stops a ``YAMLGraphWriter``'s document.
///
/// An event stream that is not well nested is a ``GraphStreamError`` instead, and an error of the
/// sink is rethrown as it is.
public enum YAMLWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A libyaml function failed: `call` names it, `problem` is the emitter's own explanation.
    case libyaml(call: String, problem: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .libyaml(let call, let problem):
            return "libyaml failed in \(call): \(problem)"
        }
    }
}
