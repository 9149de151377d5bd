#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`graphexport … | head`) should end the export quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
exit(Command(arguments: Array(CommandLine.arguments.dropFirst())).run())
