extension Dictionary {
    /// The value under `key`, made by `make` and kept under it the first time: how the readers
    /// keep each prepared statement, prepared once and reused.
    ///
    /// `@inlinable`, so that a reader in another module reads its statements through its own
    /// specialized dictionary, not a generic one.
    @inlinable
    package mutating func cached(_ key: Key, orMake make: () throws -> Value) rethrows -> Value {
        if let value = self[key] { return value }
        let value = try make()
        self[key] = value
        return value
    }
}
