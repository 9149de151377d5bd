extension Duration {
    /// The duration in seconds, as messages write it: `5 s`, `0.25 s`.
    package var secondsText: String {
        let (seconds, attoseconds) = components
        guard attoseconds != 0 else { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}
