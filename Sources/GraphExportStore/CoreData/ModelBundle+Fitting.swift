extension ModelBundle {
    /// The order in which versions are tried against a store: the current one first, then the
    /// others, newest first.
    var versionsToTry: [ModelVersion] {
        let current = self.current
        return [current] + versions.reversed().filter { $0.name != current.name }
    }
}
