public import GraphExport

/// The versions of a Core Data model, as read from a bundle of versions (an `.xcdatamodeld` or
/// `.momd` folder), a single `.xcdatamodel` folder, a lone `contents` or `.mom` file, or a store's
/// `Z_MODELCACHE`.
public struct ModelBundle: Sendable, Hashable {
    /// The path the model was loaded from, as given.
    public let path: String
    /// Every version, ordered by name with numbers compared by value
    /// (`Model`, `Model 2`, …, `Model 10`). Never empty.
    public let versions: [ModelVersion]
    /// The version name that the bundle's `.xccurrentversion` (or a `.momd`'s `VersionInfo.plist`)
    /// gives, without `.xcdatamodel` (`.mom`); `nil` when there is no such file (a single version,
    /// or a bundle without one), or when it names a version the bundle does not contain (then
    /// ``warnings`` says so).
    public let currentVersionName: String?
    /// Whether the model was read from a bundle of versions (an `.xcdatamodeld` or `.momd`
    /// folder), even a bundle of one: an export's header then names the version used. A single
    /// version given by itself, or a store's cache, is named by its path alone.
    public let isBundle: Bool
    /// What loading noticed without refusing the model: a `.xccurrentversion` that names a
    /// version the bundle does not contain. A ``CoreDataStore`` opened with the bundle passes
    /// them to its warning handler.
    public let warnings: [Warning]
    /// Whether the one version the bundle holds was chosen by name (``choosingVersion(_:)``): a
    /// store is then read with that version or not at all, no other candidate is tried.
    public let isVersionChosen: Bool

    /// Creates a bundle; `versions` must not be empty, and `currentVersionName`, when given,
    /// must name one of them.
    init(
        path: String, versions: [ModelVersion], currentVersionName: String?, isBundle: Bool = false,
        warnings: [Warning] = [], isVersionChosen: Bool = false
    ) {
        precondition(!versions.isEmpty, "a model bundle has at least one version")
        precondition(
            currentVersionName.map { name in versions.contains { $0.name == name } } ?? true,
            "the current version is one of the versions")
        self.path = path
        self.versions = versions
        self.currentVersionName = currentVersionName
        self.isBundle = isBundle
        self.warnings = warnings
        self.isVersionChosen = isVersionChosen
    }

    /// The current version: the one `.xccurrentversion` names, or else the last in ``versions``.
    ///
    /// This is only Xcode's default for new stores; an existing store may have been written by
    /// any version.
    public var current: ModelVersion {
        currentVersionName.flatMap(version(named:)) ?? versions[versions.count - 1]
    }

    /// The version with this name (`TestModel 2`), if the bundle has it.
    public func version(named name: String) -> ModelVersion? {
        versions.first { $0.name == name }
    }

    /// The model reduced to its version named `name` (`EasyLife 1.3.0`), which a
    /// ``CoreDataStore`` then reads the store with instead of choosing the version that fits:
    /// a store that version does not fit is that version's error, and neither the other versions
    /// nor the store's `Z_MODELCACHE` are tried. Throws ``ModelFileError/noSuchVersion(path:name:versions:)``
    /// when the model has no such version.
    public func choosingVersion(_ name: String) throws(ModelFileError) -> ModelBundle {
        guard let version = version(named: name) else {
            throw ModelFileError.noSuchVersion(path: path, name: name, versions: versions.map(\.name))
        }
        return ModelBundle(
            path: path, versions: [version], currentVersionName: version.name, isBundle: isBundle, warnings: warnings,
            isVersionChosen: true)
    }
}
