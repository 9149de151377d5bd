#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files, folders and child process groups that must not outlive an interrupted process: removed
/// or killed when it is ended by SIGINT, SIGTERM, SIGHUP or SIGQUIT, before the signal takes its
/// default course. A signal the process ignores from its start (`nohup`) stays ignored.
///
/// Owners remove their own files and end their own children on every normal path (success,
/// failure, `deinit`); a signal skips all of those, so each owner registers what it creates here,
/// right after creating it, and unregisters it once removed. The signal handler only calls `kill`,
/// `unlink`, `pread`, `unlinkat` and `rmdir` (all async-signal-safe) on values prepared at
/// registration: process groups first (SIGKILL, so nothing writes into a file about to be
/// removed), then files, then the files journals list (``register(journal:folder:)``), then
/// folders, so a folder whose files were registered is removed with them, and last the terminal
/// line of a progress indicator is erased (``lineToClear``). SIGKILL cannot be caught:
/// what must survive even that is made so nothing needs removing (an unnamed output file).
package enum InterruptCleanup {
    /// One registered path or process group; pass it to ``unregister(_:)`` once the owner has
    /// removed the path or ended the group.
    package struct Registration: Sendable {
        fileprivate let slot: Int
        fileprivate let kind: Kind
    }

    /// What a registration holds.
    fileprivate enum Kind: Sendable {
        case path, processGroup, journal
    }

    /// How many paths, and how many process groups, can be registered at once; a process that
    /// registers more leaves the extra ones to their owners' normal paths.
    package static let capacity = 64

    /// The terminal, by file descriptor, whose current line holds a progress indicator redrawn in
    /// place: an interrupting signal erases that line (carriage return, erase to its end) so the
    /// shell's prompt does not start after it. `nil`, the default: no line to erase.
    package static var lineToClear: Int32? {
        get { clearedLine < 0 ? nil : clearedLine }
        set {
            if newValue != nil { installHandlers() }
            clearedLine = newValue ?? -1
        }
    }

    /// Registers a file to `unlink` on an interrupting signal.
    package static func register(file path: String) -> Registration? {
        register(path, isFolder: false)
    }

    /// Registers an (empty once its registered files are gone) folder to `rmdir` on an
    /// interrupting signal.
    package static func register(folder path: String) -> Registration? {
        register(path, isFolder: true)
    }

    /// Registers a process group (a child spawned as the leader of its own group) to end with
    /// SIGKILL on an interrupting signal. A child in its own group does not get the terminal's
    /// Ctrl-C, and a signal sent to this process alone reaches none of its children: this is
    /// what ends them with it. Unregister it before collecting the leader's exit status, while
    /// the group's id cannot yet be reused.
    package static func register(processGroup id: Int32) -> Registration? {
        installHandlers()
        guard let slot = (0..<capacity).first(where: { processGroups[$0] == 0 }) else { return nil }
        processGroups[slot] = id
        return Registration(slot: slot, kind: .processGroup)
    }

    /// Registers a journal: the open file `journal`, which lists the names of files in the open
    /// folder `folder`, one a line (each shorter than 256 bytes), to remove with `unlinkat` on an
    /// interrupting signal. For an owner of more files than ``capacity``, each named in the journal
    /// once it exists (``removeFiles(listedIn:from:)``). Both stay open until unregistered.
    package static func register(journal: Int32, folder: Int32) -> Registration? {
        installHandlers()
        guard let slot = (0..<capacity).first(where: { journals[$0] < 0 }) else { return nil }
        journalFolders[slot] = folder
        journals[slot] = journal
        return Registration(slot: slot, kind: .journal)
    }

    /// Removes the files `journal` lists (``register(journal:folder:)``) from `folder`, reading
    /// the journal from its start; what cannot be removed is passed over. What the signal handler
    /// does, for an owner's normal path.
    package static func removeFiles(listedIn journal: Int32, from folder: Int32) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: journalBufferLength)
        defer { buffer.deallocate() }
        unlinkListed(in: journal, from: folder, buffer: buffer)
    }

    /// Forgets a registration (its owner removed the path, took it over as a final file, or ended
    /// the process group).
    package static func unregister(_ registration: Registration?) {
        guard let registration else { return }
        switch registration.kind {
        case .processGroup:
            processGroups[registration.slot] = 0
            return
        case .journal:
            journals[registration.slot] = -1
            return
        case .path:
            break
        }
        let path = paths[registration.slot]
        paths[registration.slot] = nil
        free(path)
    }

    private static func register(_ path: String, isFolder: Bool) -> Registration? {
        installHandlers()
        guard let slot = (0..<capacity).first(where: { paths[$0] == nil }) else { return nil }
        folders[slot] = isFolder
        paths[slot] = strdup(path)
        return Registration(slot: slot, kind: .path)
    }

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] where !isIgnored(signalNumber) {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = removeRegisteredPaths
            #else
                action.__sigaction_u.__sa_handler = removeRegisteredPaths
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Whether the process ignores `signalNumber`, as under `nohup`: such a signal stays ignored.
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        sigaction(signalNumber, nil, &current)
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The registered paths by slot (`nil`: free), whether each is a folder, and the registered
/// process groups by slot (0: free); touched by the signal handler, so plain C memory that lives
/// as long as the process.
nonisolated(unsafe) private let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
    capacity: InterruptCleanup.capacity)
nonisolated(unsafe) private let folders = UnsafeMutablePointer<Bool>.allocate(capacity: InterruptCleanup.capacity)
nonisolated(unsafe) private let processGroups = UnsafeMutablePointer<Int32>.allocate(
    capacity: InterruptCleanup.capacity)
/// The registered journals by slot (-1: free) and the folders their names are in.
nonisolated(unsafe) private let journals = UnsafeMutablePointer<Int32>.allocate(capacity: InterruptCleanup.capacity)
nonisolated(unsafe) private let journalFolders = UnsafeMutablePointer<Int32>.allocate(
    capacity: InterruptCleanup.capacity)
/// How many bytes of a journal are read at a time: more than the longest line.
private let journalBufferLength = 4096
/// The buffer the signal handler reads journals into (allocated once, so it allocates nothing).
nonisolated(unsafe) private let journalBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: journalBufferLength)
/// The descriptor of ``InterruptCleanup/lineToClear``, -1 for none; read by the signal handler.
nonisolated(unsafe) private var clearedLine: Int32 = -1
/// What erases a terminal line: a carriage return, then erase to the end of the line (static
/// bytes, so the signal handler allocates nothing).
private let lineEraser: StaticString = "\r\u{1B}[K"
nonisolated(unsafe) private var handlersInstalled: Bool = {
    paths.initialize(repeating: nil, count: InterruptCleanup.capacity)
    folders.initialize(repeating: false, count: InterruptCleanup.capacity)
    processGroups.initialize(repeating: 0, count: InterruptCleanup.capacity)
    journals.initialize(repeating: -1, count: InterruptCleanup.capacity)
    journalFolders.initialize(repeating: -1, count: InterruptCleanup.capacity)
    journalBuffer.initialize(repeating: 0, count: journalBufferLength)
    clearedLine = -1
    _ = lineEraser
    return false
}()

/// The signal handler: kills every registered process group, removes every registered file and
/// every file a registered journal lists, then every registered folder, erases the progress line,
/// then lets the signal end the process as it would have.
private func removeRegisteredPaths(_ received: Int32) {
    for slot in 0..<InterruptCleanup.capacity where processGroups[slot] > 0 {
        kill(-processGroups[slot], SIGKILL)
    }
    for slot in 0..<InterruptCleanup.capacity where !folders[slot] {
        if let path = paths[slot] { unlink(path) }
    }
    for slot in 0..<InterruptCleanup.capacity where journals[slot] >= 0 {
        unlinkListed(in: journals[slot], from: journalFolders[slot], buffer: journalBuffer)
    }
    for slot in 0..<InterruptCleanup.capacity where folders[slot] {
        if let path = paths[slot] { rmdir(path) }
    }
    if clearedLine >= 0 { _ = write(clearedLine, lineEraser.utf8Start, lineEraser.utf8CodeUnitCount) }
    signal(received, SIG_DFL)
    raise(received)
}

/// Removes from `folder` every file the lines of `journal` name, reading it from its start into
/// `buffer` (``journalBufferLength`` bytes); async-signal-safe: `pread` and `unlinkat` only, no
/// allocation. A line longer than the buffer (none is written) is passed over.
private func unlinkListed(in journal: Int32, from folder: Int32, buffer: UnsafeMutablePointer<UInt8>) {
    var offset: off_t = 0
    // The bytes at the start of the buffer of a line not yet ended.
    var kept = 0
    while true {
        let count = pread(journal, buffer + kept, journalBufferLength - kept, offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        offset += off_t(count)
        let end = kept + count
        var start = 0
        var index = 0
        while index < end {
            if buffer[index] == UInt8(ascii: "\n") {
                buffer[index] = 0
                unlinkat(folder, UnsafeMutableRawPointer(buffer + start).assumingMemoryBound(to: CChar.self), 0)
                start = index + 1
            }
            index += 1
        }
        kept = end - start
        if kept == journalBufferLength { kept = 0 }
        var moved = 0
        while moved < kept {
            buffer[moved] = buffer[start + moved]
            moved += 1
        }
    }
}
