import GraphExport

/// Reads Core Data model source files (what Xcode writes, not the compiled `.mom`) into the
/// core's entity types.
///
/// ```swift
/// let bundle = try ModelFile.load(path: "Model.xcdatamodeld")
/// let model = try GraphModel(entities: bundle.current.entities)
/// ```
public enum ModelFile {
    /// Loads every version of a model.
    ///
    /// `path` may name:
    /// - an `.xcdatamodeld` folder: every `*.xcdatamodel` folder inside is a version, and the
    ///   current one is named by the folder's `.xccurrentversion` property list, if it has one
    ///   (one that names a version the folder lacks is a warning in ``ModelBundle/warnings``, and
    ///   the newest version counts as current);
    /// - an `.xcdatamodel` folder: one version, read from its `contents` file;
    /// - a `contents` file itself: one version, named after its folder.
    ///
    /// XML is read with libxml2, offline and without entity substitution; a document that declares
    /// an entity is refused (``ModelFileError/declaresEntity(path:name:)``). Legacy Xcode 3 models
    /// (binary `elements` files, keyed archives) are read for their entities, attributes and
    /// relationships; one with sub-entities is refused with an error that says so.
    ///
    /// - Throws: a ``ModelFileError`` naming the file and what is wrong with it.
    public static func load(path: String) throws -> ModelBundle {
        switch FileSystem.kind(of: path) {
        case .missing:
            throw ModelFileError.notFound(path: path)
        case .other:
            throw ModelFileError.notAModel(path: path, reason: "it is neither a folder nor a file")
        case .file:
            let version = try loadContents(at: path, versionName: versionName(forContents: path))
            return ModelBundle(path: path, versions: [version], currentVersionName: nil)
        case .directory:
            if let version = try loadVersionFolder(at: path, ifModel: true) {
                return ModelBundle(path: path, versions: [version], currentVersionName: nil)
            }
            return try loadBundle(at: path)
        }
    }

    private static let versionSuffix = ".xcdatamodel"
    private static let currentVersionFile = ".xccurrentversion"

    /// Reads an `.xcdatamodeld` folder.
    private static func loadBundle(at path: String) throws -> ModelBundle {
        let folders = try FileSystem.entries(of: path).filter { name in
            name.hasSuffix(versionSuffix)
                && FileSystem.kind(of: FileSystem.join(path, name)) == .directory
        }
        guard !folders.isEmpty else {
            throw ModelFileError.notAModel(
                path: path,
                reason: "the folder has no 'contents' file and no .xcdatamodel version folder")
        }
        let ordered = folders.sorted {
            naturallyOrdered(stripping(versionSuffix, from: $0), stripping(versionSuffix, from: $1))
        }
        let versions = try ordered.compactMap { name in
            try loadVersionFolder(at: FileSystem.join(path, name), ifModel: false)
        }
        let currentPath = FileSystem.join(path, currentVersionFile)
        var currentName: String?
        var warnings: [Warning] = []
        if FileSystem.kind(of: currentPath) == .file {
            let name = stripping(versionSuffix, from: try CurrentVersionFile.read(at: currentPath))
            if versions.contains(where: { $0.name == name }) {
                currentName = name
            } else {
                let list = versions.map { "'\($0.name)'" }.joined(separator: ", ")
                warnings.append(
                    Warning(
                        "'\(currentPath)' names current version '\(name)', which the bundle does not contain "
                            + "(it has \(list)): its versions are tried newest first"))
            }
        }
        return ModelBundle(
            path: path, versions: versions, currentVersionName: currentName, isBundle: true, warnings: warnings)
    }

    /// Reads an `.xcdatamodel` folder; with `ifModel`, returns `nil` for a folder that has
    /// neither a `contents` nor a legacy `elements` file instead of throwing.
    private static func loadVersionFolder(at path: String, ifModel: Bool) throws -> ModelVersion? {
        let contents = FileSystem.join(path, "contents")
        let elements = FileSystem.join(path, "elements")
        if FileSystem.kind(of: contents) == .file {
            let name = stripping(versionSuffix, from: FileSystem.lastComponent(of: path))
            return try loadContents(at: contents, versionName: name)
        }
        if FileSystem.kind(of: elements) == .file {
            return try LegacyModelReader.model(fromLegacyElements: elements)
        }
        if ifModel { return nil }
        throw ModelFileError.notAModel(path: path, reason: "the folder has no 'contents' file")
    }

    /// Reads one `contents` file.
    private static func loadContents(at path: String, versionName: String) throws -> ModelVersion {
        let bytes = try FileSystem.contents(of: path)
        if bytes.starts(with: Array("bplist".utf8)) {
            if FileSystem.lastComponent(of: path) == "elements" {
                return try LegacyModelReader.model(fromLegacyElements: path)
            }
            throw ModelFileError.notAModel(
                path: path,
                reason: "it is a binary property list (a compiled .mom model, perhaps), not model XML")
        }
        let root = try XMLElement.parse(bytes, path: path)
        return try ContentsReader.version(from: root, name: versionName, path: path)
    }

    /// The version name for a `contents` file given directly: its folder's name without
    /// `.xcdatamodel`, or for a file not named `contents`, the file's own name without extension.
    private static func versionName(forContents path: String) -> String {
        let file = FileSystem.lastComponent(of: path)
        if file == "contents", let folder = FileSystem.parent(of: path) {
            return stripping(versionSuffix, from: FileSystem.lastComponent(of: folder))
        }
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    private static func stripping(_ suffix: String, from name: String) -> String {
        name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
    }

    /// Orders names as a person would: runs of digits compare by value (`Model 2` < `Model 10`),
    /// and a name sorts before the longer names it begins (`Model` < `Model 2`).
    static func naturallyOrdered(_ left: String, _ right: String) -> Bool {
        var leftRuns = runs(of: left).makeIterator()
        var rightRuns = runs(of: right).makeIterator()
        while true {
            switch (leftRuns.next(), rightRuns.next()) {
            case (nil, nil): return left < right
            case (nil, _): return true
            case (_, nil): return false
            case (let l?, let r?):
                if l == r { continue }
                if let lNumber = digits(l), let rNumber = digits(r), lNumber != rNumber {
                    return lNumber.count != rNumber.count ? lNumber.count < rNumber.count : lNumber < rNumber
                }
                return l < r
            }
        }
    }

    /// Splits a name into alternating runs of digits and non-digits.
    private static func runs(of name: String) -> [Substring] {
        var result: [Substring] = []
        var start = name.startIndex
        for index in name.indices.dropFirst()
        where name[index].isASCIIDigit != name[name.index(before: index)].isASCIIDigit {
            result.append(name[start..<index])
            start = index
        }
        if start < name.endIndex { result.append(name[start...]) }
        return result
    }

    /// A run of digits without leading zeros (so that length then text orders by value), or `nil`.
    private static func digits(_ run: Substring) -> Substring? {
        guard run.first?.isASCIIDigit == true else { return nil }
        let trimmed = run.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? "0" : trimmed
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
