/// The commands of graphexport: exporting a store (no command word), and the others by name.
/// A new command (`schema`) adds a case here and its entry in ``CommandTable``; its options name
/// it in their ``CommandOption/commands``.
enum CommandName: String, CaseIterable {
    /// `graphexport [<options>] <store>`: export the store.
    case export
    /// `graphexport inspect [<options>] <store>`: describe what graphexport sees in the store.
    case inspect
    /// `graphexport schema [<options>] <store>`: write the shape of the store's export (`Schema/`).
    case schema
    /// `graphexport log [<options>] <store>`: list the transactions of a store's persistent
    /// history (`Log/`).
    case log
    /// `graphexport diff [<options>] <old> <new>`: what differs between two copies (`Diff/`).
    case diff
    /// `graphexport sync [<options>] <store> <target>`: keep a relational copy of the store current
    /// (`Sync/`, docs/SYNC.md).
    case sync
    /// `graphexport formats`: list the output formats.
    case formats
    /// `graphexport help [<command>]`: print help.
    case help
}
