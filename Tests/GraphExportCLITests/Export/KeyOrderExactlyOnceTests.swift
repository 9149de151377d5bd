import Foundation
import XCTest

/// Stores numbered as real apps number them: `Benchmarks/make_large_store.py` in `creation` order
/// (items of one page scattered over the table), `random` and `grouped` order. Whatever the order,
/// each shape of the export holds every row of every entity table exactly once, and every
/// reference names an object the export holds.
final class KeyOrderExactlyOnceTests: XCTestCase {

    /// Reads the export (standard input) and the store (argument), and prints one line per problem;
    /// nothing when every object of the store is in the export once and every reference resolves.
    private static let check =
        ExportWalk.againstStore + """
            names = dict(store.execute("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY"))
            expected = Counter()
            for table in ["ZSCRAPBOOK", "ZPAGE", "ZTAG", "ZITEM"]:
                for entity, count in store.execute(f"SELECT Z_ENT, count(*) FROM {table} GROUP BY Z_ENT"):
                    expected[names[entity]] += count
            found = Counter(i.split("/")[-2] for i in ids)
            if found != expected: print("objects per entity", dict(found), "expected", dict(expected))
            twice = [i for i, n in ids.items() if n > 1]
            if twice: print(len(twice), "objects written more than once, e.g.", twice[0])
            dangling = [r for r in references if r not in ids]
            if dangling: print(len(dangling), "references to no object, e.g.", dangling[0])
            if not references: print("no references at all")
            """

    func testEveryObjectOnceAndEveryReferenceResolvesInEveryKeyOrder() throws {
        let generator = CommandRunner.repository.appendingPathComponent("Benchmarks/make_large_store.py")
        let folder = try CommandRunner.scratchFolder(for: self)
        for order in ["creation", "random", "grouped"] {
            let store = folder.appendingPathComponent("\(order).sqlite").path
            _ = try Python.run(
                "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                arguments: [generator.path, "--order", order, "3000", store], input: Data())
            for shape in ["tree", "flat"] {
                let export = try CommandRunner.assertSucceeds([
                    "--model", CommandRunner.scrapbookModel, "--shape", shape, store,
                ])
                let problems = try Python.run(Self.check, arguments: [store], input: export.standardOutput)
                XCTAssertEqual(problems, "", "\(order) key order, \(shape) shape")
            }
        }
    }
}
