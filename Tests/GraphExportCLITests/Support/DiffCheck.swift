import Foundation
import Prerequisites
import XCTest

/// The checks of `graphexport diff` against tools that know nothing of it: a Python comparison of
/// the two copies' full flat JSON exports, and, for plain databases, SQLite's own `sqldiff`.
enum DiffCheck {
    /// A Python program that compares two flat JSON exports (argv 1 and 2) object by object, by
    /// `@id`, as `graphexport diff --format jsonl` describes the changes, and compares that with
    /// the diff on its standard input. It prints `OK`, or what differs.
    ///
    /// A property is a to-many relationship when its value in either export is a non-empty list of
    /// references (`{"@id": …}`), compared as a set; any other value is compared with `==`.
    private static let comparison = #"""
        import json, sys

        def objects(path):
            return {o["@id"]: o for o in json.load(open(path, encoding="utf-8"))["@graph"]}

        def properties(o):
            return {k: v for k, v in o.items() if not k.startswith("@") or k.startswith("@@")}

        def is_references(value):
            return isinstance(value, list) and len(value) > 0 and all(
                isinstance(x, dict) and list(x) == ["@id"] for x in value)

        def ids(value):
            return [x["@id"] for x in value]

        old, new = objects(sys.argv[1]), objects(sys.argv[2])
        expected = []
        for id in sorted(old.keys() | new.keys()):
            a, b = old.get(id), new.get(id)
            if a is None:
                expected.append({"change": "added", "@id": id, "@type": b["@type"],
                                 "properties": {k: {"new": v} for k, v in properties(b).items()}})
            elif b is None:
                expected.append({"change": "removed", "@id": id, "@type": a["@type"],
                                 "properties": {k: {"old": v} for k, v in properties(a).items()}})
            else:
                changed = {}
                after = properties(b)
                for k, x in properties(a).items():
                    y = after[k]
                    if is_references(x) or is_references(y):
                        before_ids, after_ids = set(ids(x)), set(ids(y))
                        added = [i for i in ids(y) if i not in before_ids]
                        removed = [i for i in ids(x) if i not in after_ids]
                        if added or removed:
                            changed[k] = {"added": [{"@id": i} for i in added], "removed": [{"@id": i} for i in removed]}
                    elif x != y:
                        changed[k] = {"old": x, "new": y}
                if changed:
                    expected.append({"change": "changed", "@id": id, "@type": b["@type"], "properties": changed})

        found = [json.loads(line) for line in sys.stdin.read().splitlines()]
        canonical = lambda changes: sorted(json.dumps(c, sort_keys=True, ensure_ascii=False) for c in changes)
        missing = sorted(set(canonical(expected)) - set(canonical(found)))
        extra = sorted(set(canonical(found)) - set(canonical(expected)))
        if missing or extra or len(found) != len(expected):
            print("\n".join(["expected, not in the diff:"] + missing + ["in the diff, not expected:"] + extra))
        else:
            print("OK %d" % len(found))
        """#

    /// Exports `old` and `new` (run in `folder`, with `options` such as `--model`) flat as JSON,
    /// diffs them as JSON Lines, and checks the diff against the Python comparison of the
    /// exports; returns the diff's lines.
    @discardableResult
    static func assertDiffMatchesExports(
        old: String, new: String, options: [String] = [], in folder: URL, expectedCount: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        var exports: [String] = []
        for (name, store) in [("old", old), ("new", new)] {
            let path = folder.appendingPathComponent("\(name)-export.json").path
            try CommandRunner.assertSucceeds(
                ["--shape", "flat", "-q", "-o", path] + options + [store], in: folder, file: file, line: line)
            exports.append(path)
        }
        let diff = try CommandRunner.run(["diff", "--format", "jsonl", "-q"] + options + [old, new], in: folder)
        XCTAssertEqual(diff.status, expectedCount == 0 ? 0 : 1, diff.standardError, file: file, line: line)
        XCTAssertEqual(
            try Python.run(comparison, arguments: exports, input: diff.standardOutput), "OK \(expectedCount)",
            file: file, line: line)
        return diff.text.split(separator: "\n").map(String.init)
    }

    /// The rows `sqldiff --primarykey` says differ between two plain databases, as
    /// `<change> <table> <key>` (`UPDATE Artist 1`, `INSERT PlaylistTrack 2,1`): one per row it
    /// would insert, delete or update, the key's values in key order joined by `,`. The keys must
    /// be integers, the first columns of their tables, one column unless `keyColumns` says more.
    static func sqldiffRows(_ old: URL, _ new: URL, keyColumns: [String: Int] = [:]) throws -> [String] {
        let sqldiff = try CommandRunner.run(
            executable: try Prerequisite.executable("sqldiff"), ["--primarykey", old.path, new.path])
        XCTAssertEqual(sqldiff.status, 0, sqldiff.standardError)
        let data = sqldiff.standardOutput
        let script = #"""
            import json, re, sys
            key_columns = json.loads(sys.argv[1])
            for line in sys.stdin.read().splitlines():
                m = re.match(r"INSERT INTO (\w+)\([^)]*\) VALUES\((.*)\);$", line)
                if m:
                    count = key_columns.get(m.group(1), 1)
                    print("INSERT", m.group(1), ",".join(m.group(2).split(",")[:count]))
                    continue
                m = re.match(r"(DELETE FROM|UPDATE) (\w+) .*WHERE (.*);$", line)
                if m:
                    keys = [part.split("=")[1] for part in m.group(3).split(" AND ")]
                    print(m.group(1).split()[0], m.group(2), ",".join(keys))
                    continue
                print("UNPARSED", line)
            """#
        let keys = String(decoding: try JSONSerialization.data(withJSONObject: keyColumns), as: UTF8.self)
        return try Python.run(script, arguments: [keys], input: data).split(separator: "\n").map(String.init)
    }
}
