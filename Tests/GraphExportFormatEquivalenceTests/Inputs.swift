import Foundation
import Prerequisites
import XCTest

/// Where the inputs live, found from this file, never from an absolute path.
enum Inputs {
    /// The repository: `Tests/GraphExportFormatEquivalenceTests/<this file>` up three levels.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Samples/Scrapbook/`.
    static var scrapbook: URL { repository.appendingPathComponent("Samples/Scrapbook", isDirectory: true) }

    /// `Tests/GraphExportFormatEquivalenceTests/Golden/`.
    static var golden: URL {
        repository.appendingPathComponent("Tests/GraphExportFormatEquivalenceTests/Golden", isDirectory: true)
    }

    /// `shared/coredata-samples/` beside the repository (read-only: never write there), or a skip
    /// (a failure under CI) when it is missing.
    static func sharedSamples() throws -> URL {
        try Prerequisite.shared("coredata-samples")
    }
}

/// The shared scratch folder, by its plain name in every file of this target.
typealias ScratchFolder = Prerequisites.ScratchFolder
