import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin's process, the leader of a process group of its own, so that it and everything it
/// starts end together: ``end()`` kills what is left of the group before collecting the leader's
/// status, and an interrupting signal to graphexport kills the group (``InterruptCleanup``).
///
/// The plugin starts with the signal dispositions a shell would give it: SIGPIPE back to its
/// default (graphexport itself ignores it), and no signal blocked that graphexport did not block.
/// Its standard error is forwarded to graphexport's, each line a note (``PluginErrorLines``).
public final class PluginProcess {
    /// How the leader ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(status: Int32)
        /// A signal ended it.
        case killed(signal: Int32)
    }

    let pid: pid_t
    private let errorLines: PluginErrorLines
    private var cleanup: InterruptCleanup.Registration?
    private var termination: Termination?

    /// Spawns `plugin` with `arguments`, `standardInput` (else `/dev/null`) and `standardOutput`;
    /// `unused` is the parent's end of a pipe or socket, closed in the child.
    init(_ plugin: Plugin, arguments: [String], standardInput: Int32?, standardOutput: Int32, closing unused: Int32)
        throws
    {
        let errorLines = try PluginErrorLines(plugin: plugin)
        defer { errorLines.closeWriteEnd() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, errorLines.writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, unused)

        // Interrupting signals wait until the new group is registered, so none can end graphexport
        // in between and leave the plugin running.
        var interrupting = sigset_t()
        sigemptyset(&interrupting)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&interrupting, signalNumber) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupting, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        var attributes = posix_spawnattr_t()
        Self.prepare(&attributes, signalMask: previousMask)
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = ([plugin.path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, plugin.path, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw PluginError.cannotStart(plugin, reason: String(cString: strerror(status)))
        }
        self.pid = pid
        self.errorLines = errorLines
        cleanup = InterruptCleanup.register(processGroup: pid)
    }

    deinit {
        end()
    }

    /// Initializes `attributes` for a plugin: a process group of its own, `signalMask` as its
    /// signal mask, `SIGPIPE` back to its default action.
    private static func prepare(_ attributes: inout posix_spawnattr_t, signalMask: sigset_t) {
        var signalMask = signalMask
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setsigmask(&attributes, &signalMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Waits until the leader has ended, without limit or until `deadline`; whether it has. Its
    /// status stays uncollected, so its id (the group's) cannot be reused yet.
    func waitForEnd(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        guard termination == nil else { return true }
        guard let deadline else { return hasEnded(blocking: true) }
        while !hasEnded(blocking: false) {
            if ContinuousClock.now >= deadline { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
        return true
    }

    /// Kills whatever is left of the group (the leader too, if it still runs), then collects the
    /// leader's status and forwards the rest of its standard error.
    @discardableResult
    func end() -> Termination {
        if let termination { return termination }
        kill(-pid, SIGKILL)
        InterruptCleanup.unregister(cleanup)
        cleanup = nil
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalNumber = status & 0x7F
        let ended: Termination =
            signalNumber == 0 ? .exited(status: (status >> 8) & 0xFF) : .killed(signal: signalNumber)
        termination = ended
        errorLines.finish()
        return ended
    }

    private func hasEnded(blocking: Bool) -> Bool {
        var info = siginfo_t()
        let options = WEXITED | WNOWAIT | (blocking ? 0 : WNOHANG)
        while waitid(P_PID, id_t(pid), &info, options) < 0 {
            if errno != EINTR { return true }
        }
        // With WNOHANG and nothing to report, waitid leaves the zeroed record as it was.
        return info.si_signo == SIGCHLD
    }
}
