/// How much a decoder may write for one stored value: its outputs together (the bytes of their
/// text and data) at most ``allowance`` plus ``perInputByte`` bytes for each byte it read, and
/// never more than ``absolute`` (docs/PLUGINS.md, *Value decoders*).
///
/// What a decoder read is its value as it decodes it (a compressed value inflated) and what it
/// looked up besides (a note's tables). A decoder that would write more stops, and its value keeps
/// its bytes with a warning (``exceeded(maximum:inputBytes:)``), so that a few hostile bytes
/// cannot make an export write, or hold in memory, gigabytes.
public struct DecoderOutputLimit: Sendable, Hashable {
    /// What any value may be written as, whatever it read: 1 MiB.
    public var allowance: Int
    /// How many bytes it may write for each byte it read: 16.
    public var perInputByte: Int
    /// The most it may write for one value: 64 MiB.
    public var absolute: Int

    /// The limit every built-in decoder keeps: 1 MiB plus 16 bytes a byte read, at most 64 MiB.
    public static let standard = DecoderOutputLimit(allowance: 1 << 20, perInputByte: 16, absolute: 64 << 20)

    /// Creates a limit.
    public init(allowance: Int, perInputByte: Int, absolute: Int) {
        self.allowance = allowance
        self.perInputByte = perInputByte
        self.absolute = absolute
    }

    /// The most a decoder that read `inputBytes` bytes may write.
    public func maximum(forInputBytes inputBytes: Int) -> Int {
        guard allowance < absolute, perInputByte == 0 || inputBytes <= (absolute - allowance) / perInputByte else {
            return absolute
        }
        return allowance + inputBytes * perInputByte
    }

    /// The failure of a value whose outputs would pass `maximum` bytes, having read `inputBytes`.
    public func exceeded(maximum: Int, inputBytes: Int) -> DecodingFailure {
        DecodingFailure(
            "would be decoded into more than \(maximum) bytes (a decoder writes at most \(allowance) bytes plus "
                + "\(perInputByte) for each of the \(inputBytes) bytes it read, and \(absolute) in all)")
    }
}
