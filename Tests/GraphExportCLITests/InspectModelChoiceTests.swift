import Foundation
import Prerequisites
import XCTest

/// What `graphexport inspect` says about the choice of model, on the EasyLife stores of
/// `shared/coredata-samples/easylife-versions` and their three-version bundle.
final class InspectModelChoiceTests: XCTestCase {
    func testEveryVersionThatDoesNotFitIsListedBeforeTheCache() throws {
        let folder = try CommandRunner.copyOfSample("easylife-versions", for: self)
        let result = try CommandRunner.assertSucceeds(
            ["inspect", "--format", "json", "--model", "EasyLife.xcdatamodeld", "EasyLife.sqlite"], in: folder)
        let document = try result.json()
        let model = try XCTUnwrap(document["model"] as? [String: Any])
        XCTAssertEqual(model["origin"] as? String, "modelCache")
        XCTAssertEqual(model["path"] as? String, "EasyLife.sqlite (Z_MODELCACHE)")
        let misfits = try XCTUnwrap(model["misfits"] as? [[String: Any]])
        XCTAssertEqual(misfits.map { $0["version"] as? String }, ["EasyLife 1.5.0", "EasyLife 1.3.0", "EasyLife"])
        XCTAssertEqual(Set(misfits.map { $0["candidate"] as? String }), ["version"])
        XCTAssertTrue(misfits.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
        let warnings = try XCTUnwrap(document["warnings"] as? [String])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("no version of 'EasyLife.xcdatamodeld' fits the store"), warnings[0])

        let text = try CommandRunner.run(
            ["inspect", "--model", "EasyLife.xcdatamodeld", "EasyLife.sqlite"], in: folder)
        XCTAssertTrue(text.text.contains("  did not fit        version 'EasyLife 1.5.0': "), text.text)
        XCTAssertTrue(text.text.contains("Warnings (1)\n"), text.text)
    }

    func testTheVersionThatFitsIsNamedWithItsFile() throws {
        let folder = try CommandRunner.copyOfSample("easylife-versions", for: self)
        let result = try CommandRunner.assertSucceeds(
            ["inspect", "--format", "json", "--model", "EasyLife.xcdatamodeld", "EasyLife 1.5.0.sqlite"], in: folder)
        let model = try XCTUnwrap(try result.json()["model"] as? [String: Any])
        XCTAssertEqual(model["origin"] as? String, "modelFile")
        XCTAssertEqual(model["version"] as? String, "EasyLife 1.5.0")
        XCTAssertEqual((model["misfits"] as? [Any])?.count, 0)
        XCTAssertTrue((model["versionFile"] as? String)?.hasSuffix("EasyLife 1.5.0.xcdatamodel/contents") == true)
    }
}
