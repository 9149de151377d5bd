public import GraphExport

/// A model file (`--model`: an `.xcdatamodeld`, `.xcdatamodel`, `.momd` or `.mom`) that cannot be
/// read as a Core Data model, with what to do about it. Paths are spelled as the caller gave them; a
/// command exits with ``GraphExport/ExitStatus/failure``.
public enum ModelFileError: ExitStatusError, Sendable, Hashable {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path exists but cannot be read (permissions, I/O error); `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The path exists but holds no Core Data model; `reason` says what was found instead.
    case notAModel(path: String, reason: String)
    /// The file is not well-formed XML; `message` is libxml2's, `line` where it stopped.
    case malformedXML(path: String, line: Int?, message: String)
    /// The XML declares an entity (`<!ENTITY name …>` in its DOCTYPE), which model files never do
    /// and which this reader does not expand.
    case declaresEntity(path: String, name: String)
    /// An element lacks an XML attribute that the loader needs, such as an entity's `name`;
    /// `owner` names the enclosing entity, when there is one.
    case missingXMLAttribute(path: String, line: Int?, element: String, attribute: String, owner: String?)
    /// An attribute's `attributeType` is not one that Core Data stores.
    case unknownAttributeType(path: String, entity: String, attribute: String, type: String)
    /// A relationship's `deletionRule` is not one that Core Data defines.
    case unknownDeletionRule(path: String, entity: String, relationship: String, rule: String)
    /// A `.xccurrentversion` file has no `_XCCurrentVersionName` string, or a `.momd`'s
    /// `VersionInfo.plist` no `NSManagedObjectModel_CurrentVersionName` string.
    case missingCurrentVersionName(path: String)
    /// The version asked for by name (`--model-version`) is not one of the model's; `versions`
    /// lists the names it has.
    case noSuchVersion(path: String, name: String, versions: [String])

    /// A sentence naming the model file, and the line or entity, saying what is wrong.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "model '\(path)' does not exist"
        case .unreadable(let path, let reason):
            return "cannot read model file '\(path)': \(reason)"
        case .notAModel(let path, let reason):
            return "'\(path)' is not a Core Data model: \(reason)"
        case .malformedXML(let path, let line, let message):
            return "'\(path)'\(Self.at(line)) is not well-formed XML: \(message)"
        case .declaresEntity(let path, let name):
            return "'\(path)' declares the XML entity '\(name)'; Xcode never writes entities into a model "
                + "file and graphexport does not expand them: remove the <!DOCTYPE …> declarations, "
                + "or open the model in Xcode and save it again"
        case .missingXMLAttribute(let path, let line, let element, let attribute, let owner):
            let within = owner.map { " of entity '\($0)'" } ?? ""
            return ErrorMessage.about(
                "'\(path)'\(Self.at(line))", "an <\(element)>\(within) has no '\(attribute)' attribute")
        case .unknownAttributeType(let path, let entity, let attribute, let type):
            return ErrorMessage.quoted(
                path,
                "attribute \(entity).\(attribute) has attributeType '\(type)', which is not a Core Data attribute type")
        case .unknownDeletionRule(let path, let entity, let relationship, let rule):
            return ErrorMessage.quoted(
                path,
                "relationship \(entity).\(relationship) has deletionRule '\(rule)', which is not a Core Data "
                    + "deletion rule"
            )
        case .missingCurrentVersionName(let path):
            return "'\(path)' does not name the current model version "
                + "(no _XCCurrentVersionName string in its dictionary, or for a .momd's VersionInfo.plist "
                + "no NSManagedObjectModel_CurrentVersionName)"
        case .noSuchVersion(let path, let name, let versions):
            return "model '\(path)' has no version named '\(name)' (versions: "
                + versions.map { "'\($0)'" }.joined(separator: ", ") + ")"
        }
    }

    /// ` line 12`, or nothing when the line is unknown.
    private static func at(_ line: Int?) -> String {
        line.map { " line \($0)" } ?? ""
    }
}
