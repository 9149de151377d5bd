import GraphExport

/// One scalar as ``YAMLGraphWriter`` hands it to libyaml: its text, the style asked for, whether
/// it carries the `!!binary` tag (every other scalar is untagged), and for a file value the file
/// whose base64 takes the text's place in the output.
struct YAMLScalar {
    /// How a scalar is written.
    enum Style {
        /// As it is; YAML readers type it by its characters.
        case plain
        /// Between double quotes, with escapes: always a string, and any text fits.
        case doubleQuoted
        /// A literal block (`|`), lines as they are: for multi-line strings that read back exactly.
        case literal
    }

    /// Where a scalar goes, which decides the styles YAML allows there.
    enum Context {
        /// A key of a block mapping.
        case blockKey
        /// A value of a block mapping.
        case blockValue
        /// Anything inside a flow collection (`{…}`, `[…]`).
        case flow
    }

    var text: String
    var style: Style
    var isBinary: Bool
    /// For a ``Value/binaryFile(_:)`` value, the file whose base64 text the output holds where
    /// libyaml writes ``text``, then ``filePlaceholder`` (or empty, for an empty file).
    var file: FileBytes?

    static let null = YAMLScalar(text: "null", style: .plain)

    /// The text libyaml is given for a file value: base64 characters, so that libyaml makes every
    /// choice about the scalar (plain style, no quotes, no line break) as it would for the file's
    /// own base64 text, which ``YAMLEmitter`` puts in its place on the way to the sink.
    static let filePlaceholder = "GraphExportStreamsTheBase64OfAFileHere"

    /// A scalar written as `text` in `style`, untagged unless `isBinary`.
    init(text: String, style: Style, isBinary: Bool = false) {
        self.text = text
        self.style = style
        self.isBinary = isBinary
    }

    /// The `!!binary` scalar of the bytes of `file`: plain, as base64 text is, or `""` when the
    /// file is empty, as for bytes in memory.
    init(binaryFile file: FileBytes) {
        self.init(
            text: file.count == 0 ? "" : Self.filePlaceholder, style: file.count == 0 ? .doubleQuoted : .plain,
            isBinary: true)
        self.file = file
    }

    /// The scalar for the string `text`, in the plainest style that every YAML 1.1 and 1.2 reader
    /// reads back as exactly `text`.
    ///
    /// Text that a reader would type as something else (``YAMLImplicitTypes``) is double-quoted.
    /// Otherwise, text is plain when it is one line of printable characters that cannot be taken
    /// for YAML syntax; multi-line text is a literal block in a block mapping's value where
    /// ``isLiteralSafe(_:)`` allows one and `literalBlocks` asks for it; anything else is
    /// double-quoted, where libyaml escapes what is not printable (control characters, `U+FEFF`,
    /// `U+FFFE`, `U+FFFF`, and, in libyaml 0.2.5, characters beyond U+FFFF such as emoji).
    init(string text: String, in context: Context, literalBlocks: Bool = true) {
        var text = text
        self.style = text.withUTF8 { Self.style(ofString: $0, in: context, literalBlocks: literalBlocks) }
        self.text = text
        self.isBinary = false
    }

    /// The style of the string whose UTF-8 bytes are `bytes`, as ``init(string:in:literalBlocks:)``
    /// chooses it: for text borrowed from a source, which is written without a `String`.
    static func style(ofString bytes: UnsafeBufferPointer<UInt8>, in context: Context, literalBlocks: Bool) -> Style {
        if YAMLImplicitTypes.isNonString(bytes) { return .doubleQuoted }
        if isPlainSafe(bytes, inFlow: context == .flow) { return .plain }
        if context == .blockValue, literalBlocks, isLiteralSafe(bytes) { return .literal }
        return .doubleQuoted
    }

    /// Whether the UTF-8 text `bytes` can be written plain, read back as the same string once it is known not to
    /// look like another type: one line of printable characters, no leading or trailing blank, no
    /// indicator first (`-` only before a non-blank), no document marker first, no `: ` or ` #`,
    /// no `:` last, and in flow context none of `,?[]{}:`.
    ///
    /// The rules are libyaml's own (`yaml_emitter_analyze_scalar`), made stricter where that is
    /// simpler; should libyaml still refuse, it falls back to single quotes, which read the same.
    static func isPlainSafe(_ bytes: UnsafeBufferPointer<UInt8>, inFlow: Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last, !isBlank(first), !isBlank(last),
            last != UInt8(ascii: ":"), !startsWithDocumentMarker(bytes)
        else { return false }
        switch first {
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""),
            UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        case UInt8(ascii: "-"):
            guard bytes.count > 1, !isBlank(bytes[1]) else { return false }
        default:
            break
        }
        var previous = UInt8(ascii: " ")
        var index = 0
        while index < bytes.count {
            // A word right after `:` may start with the blank that makes `: `.
            if index + 8 <= bytes.count, previous != UInt8(ascii: ":"),
                isQuietASCII(UnsafeRawPointer(bytes.baseAddress! + index), inFlow: inFlow)
            {
                index += 8
                previous = bytes[index - 1]
                continue
            }
            let byte = bytes[index]
            index += 1
            guard isPrintable(bytes, at: index - 1) else { return false }
            if inFlow && isFlowIndicator(byte) { return false }
            if previous == UInt8(ascii: ":") && isBlank(byte) || isBlank(previous) && byte == UInt8(ascii: "#") {
                return false
            }
            previous = byte
        }
        return true
    }

    /// Whether the multi-line UTF-8 text `bytes` reads back exactly from a literal block, for YAML 1.1 and 1.2
    /// readers alike: printable characters and `\n` only (no `\r`, tab, `U+0085`, `U+2028` or
    /// `U+2029`, which readers of the two versions treat differently or fold), and no blank before
    /// a line break or at the end (libyaml refuses those).
    ///
    /// libyaml adds the indentation indicator (`|2`) for a first line that starts with a space and
    /// the chomping indicator (`|-`, `|+`) for the trailing line breaks.
    static func isLiteralSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(UInt8(ascii: "\n")), bytes.last != UInt8(ascii: " ") else { return false }
        var previous = UInt8(ascii: "\n")
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                if previous == UInt8(ascii: " ") { return false }
            } else if !isPrintable(bytes, at: index) {
                return false
            }
            previous = byte
        }
        return true
    }

    /// A space or a tab.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether the 8 bytes at `pointer` are printable ASCII that the loop of
    /// ``isPlainSafe(_:inFlow:)`` would pass whatever came before: no control character, no
    /// DEL, no `:` or `#` (the two that matter next to a blank), and in flow context no flow
    /// indicator.
    @inline(__always)
    private static func isQuietASCII(_ pointer: UnsafeRawPointer, inFlow: Bool) -> Bool {
        let word = ByteWord(loadingFrom: pointer)
        guard word.isASCII, !word.containsByte(below: 0x20), !word.contains(0x7F), !word.contains(0x3A),
            !word.contains(0x23)
        else { return false }
        return !inFlow
            || !(word.contains(0x2C) || word.contains(0x3F) || word.contains(0x5B) || word.contains(0x5D)
                || word.contains(0x7B) || word.contains(0x7D))
    }

    /// One of `,?[]{}:`, which end or break a plain scalar in flow context.
    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// `---` or `...` first, which would read as a document marker.
    private static func startsWithDocumentMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && (bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "."))
            && bytes[1] == bytes[0] && bytes[2] == bytes[0]
    }

    /// Whether the character whose UTF-8 encoding has a byte at `index` is printable by libyaml's
    /// `IS_PRINTABLE` and no line break in either YAML version: U+0020–U+007E, U+00A0–U+D7FF
    /// except U+2028 and U+2029, U+E000–U+FFFD except U+FEFF. Continuation bytes pass; the
    /// character is judged at its lead byte.
    private static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        switch byte {
        case 0x20...0x7E, 0x80...0xBF:
            return true
        case 0xC2:
            return bytes[index + 1] >= 0xA0
        case 0xE2:
            return !(bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
        case 0xEF:
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            return !(second == 0xBB && third == 0xBF) && !(second == 0xBF && (third == 0xBE || third == 0xBF))
        case 0xC3...0xEE:
            return true
        default:
            return false
        }
    }
}
