import Foundation
import Prerequisites
import XCTest

/// `-o`, end to end: never onto a file the export reads, never replacing what is not a regular
/// file, through links, and into descriptors the shell opened.
final class OutputSafetyTests: XCTestCase {
    private let model = "Scrapbook.xcdatamodeld"
    private let store = "Scrapbook.sqlite"
    private let manager = FileManager.default
    /// The arguments that export the copy of the sample as JSON, to standard output unless `-o` is added.
    private let json = ["--model", "Scrapbook.xcdatamodeld", "--format", "json", "Scrapbook.sqlite"]

    // MARK: Inputs

    func testOutputOntoAnyFileTheExportReadsIsRefused() throws {
        let folder = try scrapbook()
        for side in ["-wal", "-shm", "-journal"] {
            try Data("side file".utf8).write(to: folder.appendingPathComponent(store + side))
        }
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("link-to-wal.json").path, withDestinationPath: store + "-wal")
        try manager.linkItem(
            atPath: folder.appendingPathComponent("\(model)/Scrapbook.xcdatamodel/contents").path,
            toPath: folder.appendingPathComponent("hard-link-to-contents.json").path)
        let external = ".Scrapbook_SUPPORT/_EXTERNAL_DATA/164CDE2F-49C3-4B38-8E1F-8672BFB19507"
        let cases: [(output: String, message: String)] = [
            (store, "the store \(store)"),
            (store + "-wal", "the store's write-ahead log \(store)-wal"),
            (store + "-shm", "the store's shared-memory index \(store)-shm"),
            (store + "-journal", "the store's rollback journal \(store)-journal"),
            ("link-to-wal.json", "the store's write-ahead log \(store)-wal"),
            ("\(model)/Scrapbook.xcdatamodel/contents", "the model file \(model)/Scrapbook.xcdatamodel/contents"),
            ("\(model)/.xccurrentversion", "the model file \(model)/.xccurrentversion"),
            ("hard-link-to-contents.json", "the model file \(model)/Scrapbook.xcdatamodel/contents"),
            (external, "the external data file \(external)"),
        ]
        let before = try FolderListing(folder)
        for (output, message) in cases {
            let result = try CommandRunner.run(json + ["-o", output], in: folder)
            XCTAssertEqual(result.status, 1, output)
            XCTAssertEqual(
                result.standardError,
                "graphexport: error: \(output): the output would overwrite \(message), which the export reads; "
                    + "choose another -o path\n")
            XCTAssertEqual(try FolderListing(folder), before, "\(output): nothing changed")
        }
    }

    func testOutputOntoTheWriteAheadLogOfAWALStoreIsRefused() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        let before = try FolderListing(folder)
        let wal = "CoreDataMigration_Example_WAL.sqlite-wal"
        try CommandRunner.assertFails(
            [
                "--model", "CoreDataMigration_Example.xcdatamodeld", "--format", "json", "-o", wal,
                "CoreDataMigration_Example_WAL.sqlite",
            ], status: 1, saying: "the store's write-ahead log \(wal)", in: folder)
        XCTAssertEqual(try FolderListing(folder), before)
    }

    func testModelGivenAsItsContentsFileIsAnInputToo() throws {
        let folder = try scrapbook()
        let contents = "\(model)/Scrapbook.xcdatamodel/contents"
        let before = try FolderListing(folder)
        try CommandRunner.assertFails(
            ["--model", contents, "--format", "json", "-o", contents, store], status: 1,
            saying: "the model file \(contents)", in: folder)
        XCTAssertEqual(try FolderListing(folder), before)
    }

    // MARK: Links and files

    func testOutputOntoALinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try scrapbook()
        try Data("old".utf8).write(to: folder.appendingPathComponent("target.json"))
        let link = folder.appendingPathComponent("link.json").path
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
        try CommandRunner.assertSucceeds(["--model", model, "-o", "link.json", store], in: folder)
        XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: link), "target.json")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("target.json")), try reference(folder))
    }

    func testReadOnlyOutputFileIsNotReplaced() throws {
        let folder = try scrapbook()
        try Data("old".utf8).write(to: folder.appendingPathComponent("out.json"))
        XCTAssertEqual(chmod(folder.appendingPathComponent("out.json").path, 0o444), 0)
        var arguments = ["--model", model, "-o", "out.json", store]
        var executable = try CommandRunner.executable.path
        if geteuid() == 0 {
            // Root may write any file: run as nobody, in a folder nobody may write to.
            XCTAssertEqual(chmod(folder.path, 0o777), 0)
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + arguments
            executable = "/usr/bin/setpriv"
            guard manager.isExecutableFile(atPath: executable) else {
                throw Prerequisite.missing("running as root needs /usr/bin/setpriv to test as another user")
            }
        }
        let result = try run(executable, arguments, in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError, "graphexport: error: cannot write the output: out.json: Permission denied\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8), "old")
    }

    // MARK: Devices, FIFOs, sockets

    func testDeviceNodeIsWrittenAndStaysANode() throws {
        let folder = try scrapbook()
        try makeNode(copying: "/dev/null", at: folder.appendingPathComponent("null"))
        try CommandRunner.assertSucceeds(json + ["-o", "null"], in: folder)
        try assertNode(folder.appendingPathComponent("null"), copies: "/dev/null")
    }

    func testFullDeviceIsAClearErrorAndStaysANode() throws {
        let folder = try scrapbook()
        try makeNode(copying: "/dev/full", at: folder.appendingPathComponent("full"))
        let result = try CommandRunner.run(json + ["-o", "full"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError, "graphexport: error: cannot write the output: full: No space left on device\n")
        try assertNode(folder.appendingPathComponent("full"), copies: "/dev/full")
    }

    /// `-f sqlite` writes its database into the output's own new file: a write that fails there is
    /// the output's error, naming it, as for every format, and the folder stays as it was.
    func testAFailedWriteOfASQLiteOutputIsTheOutputsError() throws {
        let folder = try scrapbook()
        let before = try FolderListing(folder)
        // Files of at most 8 KiB, less than the database's first page; SIGXFSZ ignored, so that
        // the write fails with EFBIG instead of ending the process.
        let result = try CommandRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", #"trap "" XFSZ; ulimit -f 16; exec "$0" "$@""#, try CommandRunner.executable.path, "--model",
                model, store, "-f", "sqlite", "-o", "out.db",
            ], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.standardError, "graphexport: error: cannot write the output: out.db: File too large\n")
        XCTAssertEqual(try FolderListing(folder), before)
    }

    func testFIFOIsWrittenAndStaysAFIFO() throws {
        let folder = try scrapbook()
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The reader opens first; the export (16 KB) fits in the FIFO's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try CommandRunner.assertSucceeds(json + ["-o", "fifo"], in: folder)
        XCTAssertEqual(try readAll(reader), try reference(folder))
        XCTAssertEqual(try fileType(fifo), S_IFIFO)
    }

    func testSocketIsRefusedAndStaysASocket() throws {
        let folder = try scrapbook()
        let path = folder.appendingPathComponent("socket").path
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        try CommandRunner.assertFails(json + ["-o", "socket"], status: 1, saying: "socket: is a socket", in: folder)
        XCTAssertEqual(try fileType(path), S_IFSOCK)
    }

    // MARK: Descriptors

    func testDevStdoutIsStandardOutput() throws {
        try keepDevStdout()
        let folder = try scrapbook()
        let result = try CommandRunner.assertSucceeds(json + ["-o", "/dev/stdout"], in: folder)
        XCTAssertEqual(result.standardOutput, try reference(folder))
    }

    func testDevStdoutIsStandardOutputWhenThatIsASocket() throws {
        try keepDevStdout()
        let folder = try scrapbook()
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
        defer { close(ends[1]) }
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = json + ["-o", "/dev/stdout"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        try process.run()
        close(ends[0])
        let output = try readAll(ends[1])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output, try reference(folder))
    }

    func testDevStdoutAppendsToTheFileTheShellOpened() throws {
        try keepDevStdout()
        let folder = try scrapbook()
        try Data("kept\n".utf8).write(to: folder.appendingPathComponent("log"))
        let result = try run(
            "/bin/sh",
            ["-c", #"exec "$0" "$@" >> log"#, try CommandRunner.executable.path]
                + json + ["-o", "/dev/stdout"], in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("log")), Data("kept\n".utf8) + (try reference(folder)))
    }

    func testDevFdIsThatDescriptor() throws {
        let folder = try scrapbook()
        let result = try run(
            "/bin/sh",
            ["-c", #"exec "$0" "$@" 3>&1 >/dev/null"#, try CommandRunner.executable.path]
                + json + ["-o", "/dev/fd/3"], in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, try reference(folder))
    }

    func testProcessSubstitutionIsWritten() throws {
        guard manager.isExecutableFile(atPath: "/bin/bash") else {
            throw Prerequisite.missing("process substitution needs bash")
        }
        let folder = try scrapbook()
        let script = #""$0" "$@" -o >(cat > substituted.json); status=$?; wait $!; exit $status"#
        let result = try run(
            "/bin/bash",
            ["-c", script, try CommandRunner.executable.path] + json,
            in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("substituted.json")), try reference(folder))
    }

    // MARK: Helpers

    /// Checks at the end of the test that `/dev/stdout` is still the link it was, and puts the
    /// link back if an export replaced it (what graphexport did as root before issue 11).
    private func keepDevStdout() throws {
        let target = try manager.destinationOfSymbolicLink(atPath: "/dev/stdout")
        addTeardownBlock {
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")) != target else { return }
            XCTFail("the export replaced /dev/stdout; the link to \(target) is put back")
            unlink("/dev/stdout")
            symlink(target, "/dev/stdout")
        }
    }

    /// A writable copy of the Scrapbook sample (store, model, external data).
    private func scrapbook() throws -> URL {
        try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
    }

    /// The export to a pipe, for comparison.
    private func reference(_ folder: URL) throws -> Data {
        let result = try CommandRunner.assertSucceeds(json, in: folder)
        return result.standardOutput
    }

    /// A private device node with the device number of `device` (root only).
    private func makeNode(copying device: String, at url: URL) throws {
        guard geteuid() == 0 else { throw XCTSkip("making a device node (mknod) needs root") }
        var info = stat()
        XCTAssertEqual(stat(device, &info), 0)
        XCTAssertEqual(mknod(url.path, S_IFCHR | 0o666, info.st_rdev), 0, String(cString: strerror(errno)))
    }

    private func assertNode(_ url: URL, copies device: String, line: UInt = #line) throws {
        var node = stat()
        var original = stat()
        XCTAssertEqual(lstat(url.path, &node), 0, line: line)
        XCTAssertEqual(stat(device, &original), 0, line: line)
        XCTAssertEqual(node.st_mode & S_IFMT, S_IFCHR, "still a device node", line: line)
        XCTAssertEqual(node.st_rdev, original.st_rdev, line: line)
    }

    private func fileType(_ path: String) throws -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        return info.st_mode & S_IFMT
    }

    /// Everything `descriptor` yields until its end (or, non-blocking, until it has nothing more).
    private func readAll(_ descriptor: Int32) throws -> Data {
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Runs `executable` with `arguments` in `folder`, collecting its output.
    private func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> ProgramRun {
        try CommandRunner.run(executable: URL(fileURLWithPath: executable), arguments, in: folder)
    }
}
