import Foundation
import Prerequisites
import XCTest

/// The folder-of-Markdown recipe, `Samples/Notes/notes-to-markdown`, on the shared Notes store:
/// one file per note in its folder's path, attachments' media beside them, safe names, nothing
/// replaced that is not a regular file, nothing left behind.
final class NotesToMarkdownTests: XCTestCase {
    private static let script = CommandRunner.repository.appendingPathComponent("Samples/Notes/notes-to-markdown")

    /// Runs the recipe on `store` into `output`.
    private func run(_ store: URL, _ output: URL) throws -> (status: Int32, standardError: String) {
        let run = try ProgramRun.run(
            Self.script, [store.path, output.path], environment: ["GRAPHEXPORT": try CommandRunner.executable.path])
        return (run.status, run.standardError)
    }

    private func files(in folder: URL) throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    /// Gives "This is a note" an image attachment whose file is in the store's media folder.
    private static let addImage = """
        import gzip, sqlite3, sys
        def varint(n):
            out = b''
            while n >= 0x80: out += bytes([n & 0x7F | 0x80]); n >>= 7
            return out + bytes([n])
        def field(number, payload): return varint(number << 3 | 2) + varint(len(payload)) + payload
        def number(n, value): return varint(n << 3) + varint(value)
        text = 'This is a note\\n\\ufffc'
        title = number(1, 15) + field(2, number(1, 0))
        image = number(1, 1) + field(12, field(1, b'IMG-1') + field(2, b'public.jpeg'))
        note = field(2, text.encode()) + field(5, title) + field(5, image)
        db = sqlite3.connect(sys.argv[1])
        db.execute("insert into ZICCLOUDSYNCINGOBJECT (Z_PK, Z_ENT, Z_OPT, ZIDENTIFIER, ZFILENAME, ZATTACHMENT1) values (100, 10, 1, 'MEDIA-1', 'beach photo.jpg', 101)")
        db.execute("insert into ZICCLOUDSYNCINGOBJECT (Z_PK, Z_ENT, Z_OPT, ZIDENTIFIER, ZTYPEUTI, ZTITLE, ZNOTE, ZMEDIA) values (101, 4, 1, 'IMG-1', 'public.jpeg', 'Beach', 5, 100)")
        db.execute("update ZICNOTEDATA set ZDATA = ? where ZNOTE = 5", (gzip.compress(field(2, number(2, 0) + field(3, note))),))
        db.commit()
        """

    func testEachNoteIsAMarkdownFileInItsFoldersPathWithItsMediaBesideIt() throws {
        let sample = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let store = sample.appendingPathComponent("NoteStore.sqlite")
        _ = try Python.run(Self.addImage, arguments: [store.path], input: Data())
        let media = sample.appendingPathComponent("Accounts/LocalAccount/Media/MEDIA-1/1_F00D")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data("JPEG".utf8).write(to: media.appendingPathComponent("beach photo.jpg"))
        let output = sample.appendingPathComponent("Markdown")

        let result = try run(store, output)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            try files(in: output),
            [
                "Folder/This note is in a folder.md", "Folder2/Subfolder/Subsubfolder/This note is deeply buried.md",
                "Folder2/Subfolder/This note is in a subfolder.md", "Notes/This is a note.md",
                "Notes/This note has special formatting.md", "Notes/beach photo.jpg",
                "Recently Deleted/This note is deleted.md",
            ])
        XCTAssertTrue(result.standardError.contains("skipped 'This note is password protected'"), result.standardError)
        XCTAssertEqual(
            try String(contentsOf: output.appendingPathComponent("Notes/This is a note.md"), encoding: .utf8),
            "# This is a note\n\n![Beach](<beach%20photo.jpg>)\n")
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("Notes/beach photo.jpg")), Data("JPEG".utf8))
        let formatted = try String(
            contentsOf: output.appendingPathComponent("Notes/This note has special formatting.md"), encoding: .utf8)
        XCTAssertTrue(formatted.hasPrefix("# This note has special formatting\n\n"), formatted)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: sample.path).filter { $0.hasPrefix(".notes") }, [])

        // Again into the same folder: regular files are replaced, nothing else changes.
        XCTAssertEqual(try run(store, output).status, 0)
        XCTAssertEqual(try files(in: output).count, 7)
    }

    func testWhatIsNotARegularFileStopsTheRunBeforeAnythingIsWritten() throws {
        let sample = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let store = sample.appendingPathComponent("NoteStore.sqlite")
        let output = sample.appendingPathComponent("Markdown")
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("Folder"), withIntermediateDirectories: true)
        let elsewhere = sample.appendingPathComponent("elsewhere.txt")
        try Data("keep".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("Folder/This note is in a folder.md"), withDestinationURL: elsewhere)

        let result = try run(store, output)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.standardError.contains("is not a regular file, so it is not replaced"), result.standardError)
        XCTAssertEqual(try files(in: output), ["Folder/This note is in a folder.md"])
        XCTAssertEqual(try Data(contentsOf: elsewhere), Data("keep".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: sample.path).filter { $0.hasPrefix(".notes") }, [])
    }

    func testTitlesBecomeSafeFileNames() throws {
        let program = """
            import importlib.machinery, importlib.util, sys
            loader = importlib.machinery.SourceFileLoader('recipe', sys.argv[1])
            spec = importlib.util.spec_from_loader('recipe', loader)
            recipe = importlib.util.module_from_spec(spec)
            loader.exec_module(recipe)
            for title in ['a/b', '..', '.hidden', 'tab\\there', '', 'x' * 300]:
                print(recipe.safe_name(title, 'Untitled'))
            """
        let printed = try Python.run(program, arguments: [Self.script.path], input: Data())
        XCTAssertEqual(
            printed.split(separator: "\n"),
            ["a-b", "Untitled", "hidden", "tab-here", "Untitled", Substring(String(repeating: "x", count: 120))])
    }
}
