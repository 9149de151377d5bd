import GraphExport
import GraphExportSQLite

extension ModelBundle {
    /// The order in which versions are tried against a store: the current one first, then the
    /// others, newest first.
    var versionsToTry: [ModelVersion] {
        let current = self.current
        return [current] + versions.reversed().filter { $0.name != current.name }
    }
}

/// The model version a store is read with, and the mapping of it onto the store's tables.
///
/// The candidates, in order: without a model, the store's own `Z_MODELCACHE`, or, for a store
/// without one, the model ``InferredModel`` reads from its tables (with one warning, and one per
/// guessed to-one); with a single
/// version (an `.xcdatamodel`, a `contents` or `.mom` file), that version alone; with a bundle
/// (`.xcdatamodeld`, `.momd`), the version chosen by name when there is one
/// (``ModelBundle/choosingVersion(_:)``), else its versions in ``ModelBundle/versionsToTry`` order, then, when
/// none fits, the store's `Z_MODELCACHE`, which is then named in one warning and in the export's
/// header. The first candidate whose entities, tables and columns all fit is used: the columns
/// and tables of the properties a ``ReadScope`` reads. When none does, a single candidate's own
/// error is thrown, and for several ``CoreDataError/noModelFits(path:model:misfits:)``, listing
/// what each lacks.
struct ModelFit {
    /// The mapping of the chosen version onto the store.
    let layout: CoreDataLayout
    /// The chosen version's name.
    let versionName: String
    /// The model as the export's header names it: the path given, for the cache
    /// `"<store path> (Z_MODELCACHE)"`, for an inferred model
    /// `"<store path> (model inferred from its tables)"`.
    let modelPath: String
    /// The version as the export's header names it: the version used from a bundle, the cache
    /// when it replaced a bundle none of whose versions fits, otherwise `nil`.
    let headerVersion: String?
    /// The candidate chosen.
    let candidate: ModelMisfit.Candidate
    /// The candidates tried before it, in order, with what each lacks; empty when the first fits.
    let misfits: [ModelMisfit]
    /// The to-ones of an inferred model whose destination is a guess, each said in a warning;
    /// empty for every other model.
    var inferredRelations: [InferredRelation] = []

    /// Chooses among the candidates above; `cachedModel` reads the store's `Z_MODELCACHE` (`nil`
    /// for a store without one) and is called only when the cache is a candidate.
    init(
        model: ModelBundle?, numbers: [String: Int64], database: SQLiteDatabase, scope: ReadScope,
        onWarning: WarningHandler, cachedModel: () throws -> ModelBundle?
    ) throws {
        guard let model else {
            if let cache = try cachedModel() {
                self = try Self.onlyCandidate(
                    cache, as: .modelCache, numbers: numbers, database: database, scope: scope)
            } else {
                let inferred = try InferredModel(database: database, numbers: numbers)
                onWarning(inferred.warning)
                for guess in inferred.guesses {
                    onWarning(guess.warning(path: database.path, guesser: InferredModel.guesser))
                }
                self = try Self.onlyCandidate(
                    inferred.bundle, as: .inferred, numbers: numbers, database: database, scope: scope)
                inferredRelations = inferred.guesses
            }
            return
        }
        guard model.isBundle, !model.isVersionChosen else {
            self = try Self.onlyCandidate(
                model, as: .version(model.current.name), numbers: numbers, database: database, scope: scope,
                headerVersion: model.isBundle ? model.current.name : nil)
            return
        }
        var misfits: [ModelMisfit] = []
        var firstError: (any Error)?
        for version in model.versionsToTry {
            do {
                let layout = try CoreDataLayout(version: version, numbers: numbers, database: database, scope: scope)
                self.init(
                    layout: layout, versionName: version.name, modelPath: model.path, headerVersion: version.name,
                    candidate: .version(version.name), misfits: misfits)
                return
            } catch {
                firstError = firstError ?? error
                misfits.append(ModelMisfit(candidate: .version(version.name), error: error, storePath: database.path))
            }
        }
        do {
            if let cache = try cachedModel() {
                let layout = try CoreDataLayout(
                    version: cache.current, numbers: numbers, database: database, scope: scope)
                let versions = misfits.map(\.description).joined(separator: "; ")
                onWarning(
                    Warning(
                        "\(database.path): no version of '\(model.path)' fits the store; read with its own model "
                            + "(Z_MODELCACHE)", detail: versions))
                self.init(
                    layout: layout, versionName: cache.current.name, modelPath: cache.path,
                    headerVersion: "Z_MODELCACHE (no version of \(model.path) fits)", candidate: .modelCache,
                    misfits: misfits)
                return
            }
        } catch {
            misfits.append(ModelMisfit(candidate: .modelCache, error: error, storePath: database.path))
        }
        if misfits.count == 1, let firstError { throw firstError }
        throw CoreDataError.noModelFits(path: database.path, model: model.path, misfits: misfits)
    }

    private init(
        layout: CoreDataLayout, versionName: String, modelPath: String, headerVersion: String?,
        candidate: ModelMisfit.Candidate, misfits: [ModelMisfit]
    ) {
        self.layout = layout
        self.versionName = versionName
        self.modelPath = modelPath
        self.headerVersion = headerVersion
        self.candidate = candidate
        self.misfits = misfits
    }

    /// The one version of a model that is the only candidate, or its own error.
    private static func onlyCandidate(
        _ model: ModelBundle, as candidate: ModelMisfit.Candidate, numbers: [String: Int64], database: SQLiteDatabase,
        scope: ReadScope, headerVersion: String? = nil
    ) throws -> ModelFit {
        let version = model.current
        return ModelFit(
            layout: try CoreDataLayout(version: version, numbers: numbers, database: database, scope: scope),
            versionName: version.name, modelPath: model.path, headerVersion: headerVersion, candidate: candidate,
            misfits: [])
    }
}

extension ModelChoice {
    /// The choice `fit` made among the versions of `given` (`nil`: no model given) and the cache.
    init(_ fit: ModelFit, given: ModelBundle?) {
        let versionFile: String
        let origin: Origin
        switch fit.candidate {
        case .modelCache:
            versionFile = fit.modelPath
            origin = .modelCache
        case .inferred:
            versionFile = fit.modelPath
            origin = .inferred
        case .version(let name):
            versionFile = given?.version(named: name)?.contentsPath ?? fit.modelPath
            origin = versionFile.hasSuffix(".mom") ? .compiledModel : .modelFile
        }
        self.init(
            path: fit.modelPath, version: fit.versionName, versionFile: versionFile, origin: origin,
            misfits: fit.misfits)
    }
}
