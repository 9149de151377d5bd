import GraphExport
import XCTest

/// The header's fields: the core's own in a fixed order, the source's own between `source` and
/// `model`, in the order the source gives them.
final class DocumentInfoTests: XCTestCase {
    func testSourceFieldsStandBetweenSourceAndModelInTheirOrder() {
        let info = DocumentInfo(
            generator: "g", sourceKind: "k", source: "s",
            sourceFields: [DocumentField(key: "zeta", value: "1"), DocumentField(key: "alpha", value: "2")],
            model: "m", modelVersion: "v", shape: .flat)
        XCTAssertEqual(
            info.fields.map { "\($0.key)=\($0.value)" },
            ["generator=g", "sourceKind=k", "source=s", "zeta=1", "alpha=2", "model=m", "modelVersion=v", "shape=flat"])
    }

    func testFieldsWithoutAValueAreLeftOutAndSourceFieldsStay() {
        var info = DocumentInfo(generator: "g", sourceKind: "k")
        XCTAssertEqual(info.fields.map(\.key), ["generator", "sourceKind", "shape"])
        info.sourceFields.append(DocumentField(key: "storeUUID", value: ""))
        XCTAssertEqual(info.fields.map(\.key), ["generator", "sourceKind", "storeUUID", "shape"])
    }

    func testCoreKeysAreTheCoreFields() {
        XCTAssertEqual(DocumentInfo.coreKeys, ["generator", "sourceKind", "source", "model", "modelVersion", "shape"])
    }
}
