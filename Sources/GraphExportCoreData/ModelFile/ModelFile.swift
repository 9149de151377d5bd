import GraphExport

/// Reads Core Data model files, as Xcode writes them (`.xcdatamodeld`, `.xcdatamodel`) or
/// compiles them into an app (`.momd`, `.mom`), into the core's entity types.
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
    /// - a `.momd` folder (compiled, from an app bundle): every `*.mom` file inside is a version,
    ///   the current one named by `VersionInfo.plist` (`NSManagedObjectModel_CurrentVersionName`,
    ///   binary or XML), with the same rules; an `.omo` beside them is not read;
    /// - an `.xcdatamodel` folder: one version, read from its `contents` file;
    /// - a `contents` file itself: one version, named after its folder;
    /// - a `.mom` file: one compiled version, named after the file.
    ///
    /// XML is read with libxml2, offline and without entity substitution; a document that declares
    /// an entity is refused (``ModelFileError/declaresEntity(path:name:)``). Legacy Xcode 3 models
    /// (binary `elements` files, keyed archives) are read for their entities, attributes and
    /// relationships; one with sub-entities is refused with an error that says so.
    ///
    /// - Throws: a ``ModelFileError`` (or, for a compiled model, an ``ArchiveError``) naming the file and what is wrong with it.
    public static func load(path: String) throws -> ModelBundle {
        switch FileSystem.kind(of: path) {
        case .missing:
            throw ModelFileError.notFound(path: path)
        case .other:
            throw ModelFileError.notAModel(path: path, reason: "it is neither a folder nor a file")
        case .file:
            let version = try loadFile(at: path, versionName: versionName(forFile: path))
            return ModelBundle(path: path, versions: [version], currentVersionName: nil)
        case .directory:
            if let version = try loadVersionFolder(at: path, ifModel: true) {
                return ModelBundle(path: path, versions: [version], currentVersionName: nil)
            }
            return try loadBundle(at: path)
        }
    }

    private static let versionSuffix = ".xcdatamodel"
    private static let compiledVersionSuffix = ".mom"

    /// The two kinds of bundle: what a version is called inside it, and which file names the
    /// current one under which key.
    private struct BundleKind {
        let versionSuffix: String
        let versionIsFolder: Bool
        let currentVersionFile: String
        let currentVersionKey: String

        static let source = BundleKind(
            versionSuffix: ModelFile.versionSuffix, versionIsFolder: true, currentVersionFile: ".xccurrentversion",
            currentVersionKey: CurrentVersionFile.sourceBundleKey)
        static let compiled = BundleKind(
            versionSuffix: ModelFile.compiledVersionSuffix, versionIsFolder: false,
            currentVersionFile: "VersionInfo.plist", currentVersionKey: CurrentVersionFile.compiledBundleKey)
    }

    /// Reads an `.xcdatamodeld` folder, or a `.momd` when it holds no `.xcdatamodel` folder.
    private static func loadBundle(at path: String) throws -> ModelBundle {
        let names = try FileSystem.entries(of: path)
        for kind in [BundleKind.source, .compiled] {
            let members = names.filter { name in
                name.hasSuffix(kind.versionSuffix)
                    && FileSystem.kind(of: FileSystem.join(path, name)) == (kind.versionIsFolder ? .directory : .file)
            }
            if !members.isEmpty { return try loadBundle(at: path, members: members, kind: kind) }
        }
        throw ModelFileError.notAModel(
            path: path,
            reason: "the folder has no 'contents' file, no .xcdatamodel version folder and no .mom compiled version")
    }

    /// Reads the versions of a bundle (`members`, the names of its version folders or files) and
    /// the name of its current version.
    private static func loadBundle(at path: String, members: [String], kind: BundleKind) throws -> ModelBundle {
        let ordered = members.sorted {
            naturallyOrdered(stripping(kind.versionSuffix, from: $0), stripping(kind.versionSuffix, from: $1))
        }
        let versions = try ordered.compactMap { name in
            let memberPath = FileSystem.join(path, name)
            return kind.versionIsFolder
                ? try loadVersionFolder(at: memberPath, ifModel: false)
                : try loadFile(at: memberPath, versionName: stripping(kind.versionSuffix, from: name))
        }
        let currentPath = FileSystem.join(path, kind.currentVersionFile)
        var currentName: String?
        var warnings: [Warning] = []
        if FileSystem.kind(of: currentPath) == .file {
            let written = try CurrentVersionFile.read(at: currentPath, key: kind.currentVersionKey)
            let name = stripping(kind.versionSuffix, from: written)
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
            return try loadFile(at: contents, versionName: name)
        }
        if FileSystem.kind(of: elements) == .file {
            return try LegacyModelReader.model(fromLegacyElements: elements)
        }
        if ifModel { return nil }
        throw ModelFileError.notAModel(path: path, reason: "the folder has no 'contents' file")
    }

    /// Reads one model file: `contents` XML, a legacy `elements` archive, or a compiled `.mom`
    /// (any other binary property list is read as one, and refused when it is not).
    private static func loadFile(at path: String, versionName: String) throws -> ModelVersion {
        let bytes = try FileSystem.contents(of: path)
        if bytes.starts(with: Array("bplist".utf8)) {
            if FileSystem.lastComponent(of: path) == "elements" {
                return try LegacyModelReader.model(fromLegacyElements: path)
            }
            return try CompiledModelReader.version(fromMom: bytes, path: path, versionName: versionName)
        }
        let root = try XMLElement.parse(bytes, path: path)
        return try ContentsReader.version(from: root, name: versionName, path: path)
    }

    /// The version name for a file given directly: for a `contents` file, its folder's name
    /// without `.xcdatamodel`; for any other (a `.mom`), the file's own name without extension.
    private static func versionName(forFile path: String) -> String {
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
