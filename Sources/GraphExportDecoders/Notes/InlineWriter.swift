/// Builds the Markdown of one paragraph (or one table cell) from styled text, merging neighbours
/// of one style, as UTF-8 bytes in buffers it reuses from paragraph to paragraph.
///
/// A line break in the text (a soft return U+2028, a carriage return, CR LF) is a newline in its
/// output, for the ``BlockWriter`` to write as the block it is in writes one (`\` and a newline,
/// or `<br>`); markers stay inside it as inside spaces.
struct InlineWriter {
    private var output: [UInt8] = []
    private var pending: [UInt8] = []
    private var pendingStyle: InlineStyle?

    /// The inline styles of a run that Markdown shows.
    struct InlineStyle: Equatable {
        var bold = false
        var italic = false
        var strikethrough = false
        var underlined = false
        var link: String?

        init(_ run: NoteRun) {
            bold = run.isBold
            italic = run.isItalic
            strikethrough = run.strikethrough
            underlined = run.underlined
            link = run.link
        }
    }

    /// How many bytes it holds.
    var count: Int { output.count + pending.count }

    /// Appends text (UTF-8 bytes) shown with `run`'s style.
    mutating func append(_ text: ArraySlice<UInt8>, style run: NoteRun) {
        let style = InlineStyle(run)
        if style != pendingStyle { flush() }
        pendingStyle = style
        pending.append(contentsOf: text)
    }

    /// Appends Markdown as it is (an attachment's).
    mutating func appendRaw(_ markdown: String) {
        flush()
        output.append(contentsOf: markdown.utf8)
    }

    /// Appends a link to an attachment: `[label](<destination>)`, `![label](…)` for an image.
    mutating func appendLink(label: String, destination: String, isImage: Bool) {
        flush()
        if isImage { output.append(UInt8(ascii: "!")) }
        output.append(UInt8(ascii: "["))
        Self.appendEscaped(label.utf8, to: &output)
        output.append(contentsOf: "](".utf8)
        Self.appendDestination(destination, to: &output)
        output.append(UInt8(ascii: ")"))
    }

    /// Adds the paragraph's Markdown to `blocks` as a paragraph of `style`, and starts the next.
    mutating func finish(into blocks: inout BlockWriter, style: ParagraphStyle) {
        flush()
        blocks.add(paragraph: output, style: style)
        output.removeAll(keepingCapacity: true)
    }

    /// Adds the Markdown so far to `blocks` as a table's next cell, and starts the next.
    mutating func finishCell(into blocks: inout BlockWriter) {
        flush()
        blocks.addTableCell(output)
        output.removeAll(keepingCapacity: true)
    }

    /// Drops the paragraph's Markdown (a monospaced paragraph's is its code).
    mutating func discard() {
        flush()
        output.removeAll(keepingCapacity: true)
    }

    private mutating func flush() {
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingStyle = nil
        }
        guard let style = pendingStyle, !pending.isEmpty else { return }
        let (start, end) = Self.trimmed(pending)
        let plain = !style.bold && !style.italic && !style.strikethrough && !style.underlined && style.link == nil
        if plain || start >= end {
            Self.appendEscaped(pending, to: &output)
            return
        }
        let emphasis = style.bold && style.italic ? "***" : style.bold ? "**" : style.italic ? "*" : ""
        Self.appendEscaped(pending[..<start], to: &output)
        if style.link != nil { output.append(UInt8(ascii: "[")) }
        if style.underlined { output.append(contentsOf: "<u>".utf8) }
        if style.strikethrough { output.append(contentsOf: "~~".utf8) }
        output.append(contentsOf: emphasis.utf8)
        Self.appendEscaped(pending[start..<end], to: &output)
        output.append(contentsOf: emphasis.utf8)
        if style.strikethrough { output.append(contentsOf: "~~".utf8) }
        if style.underlined { output.append(contentsOf: "</u>".utf8) }
        if let link = style.link {
            output.append(contentsOf: "](".utf8)
            Self.appendDestination(link, to: &output)
            output.append(UInt8(ascii: ")"))
        }
        Self.appendEscaped(pending[end...], to: &output)
    }

    /// The bounds of `text` without the spaces, tabs and line breaks at either end.
    private static func trimmed(_ text: [UInt8]) -> (start: Int, end: Int) {
        var start = 0
        var end = text.count
        while start < end {
            if text[start] == 0x20 || text[start] == 0x09 || text[start] == 0x0A || text[start] == 0x0D {
                start += 1
            } else if isSoftReturn(text, at: start) {
                start += 3
            } else {
                break
            }
        }
        while end > start {
            if text[end - 1] == 0x20 || text[end - 1] == 0x09 || text[end - 1] == 0x0A || text[end - 1] == 0x0D {
                end -= 1
            } else if end - start >= 3 && isSoftReturn(text, at: end - 3) {
                end -= 3
            } else {
                break
            }
        }
        return (start, end)
    }

    /// Whether U+2028 LINE SEPARATOR (`E2 80 A8`) starts at `index` of `text`.
    private static func isSoftReturn(_ text: [UInt8], at index: Int) -> Bool {
        index + 2 < text.count && text[index] == 0xE2 && text[index + 1] == 0x80 && text[index + 2] == 0xA8
    }

    /// Appends `text` (UTF-8 bytes) with every character Markdown could read as syntax escaped
    /// by a backslash, and each line break (U+2028, CR, CR LF, LF) as a newline.
    static func appendEscaped(_ text: some Collection<UInt8>, to result: inout [UInt8]) {
        var bytes = text.makeIterator()
        var next = bytes.next()
        while let byte = next {
            next = bytes.next()
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "|"),
                UInt8(ascii: "#"), UInt8(ascii: "!"):
                result.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "&"):
                // Only `&name;` and `&#…;` are entities; their names are ASCII.
                if let following = next,
                    following == UInt8(ascii: "#")
                        || (following | 0x20 >= UInt8(ascii: "a") && following | 0x20 <= UInt8(ascii: "z"))
                {
                    result.append(UInt8(ascii: "\\"))
                }
            case 0x0D:
                if next == 0x0A { next = bytes.next() }
                result.append(0x0A)
                continue
            case 0xE2 where next == 0x80:
                // U+2028 is E2 80 A8; any other scalar of E2 80 is written as it is.
                let third = bytes.next()
                if third == 0xA8 {
                    result.append(0x0A)
                    next = bytes.next()
                    continue
                }
                result.append(contentsOf: [0xE2, 0x80])
                next = third
                continue
            default:
                break
            }
            result.append(byte)
        }
    }

    /// Appends a link destination: in angle brackets, with the characters that would end it
    /// percent-encoded, and `|`, which would end a table cell, escaped (`\|` reads as `|` in a
    /// destination, and a table reads it so before the cell's links).
    static func appendDestination(_ url: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: "%3C".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "%3E".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "%0A".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "%0D".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "%5C".utf8)
            case UInt8(ascii: "|"): output.append(contentsOf: "\\|".utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: ">"))
    }
}
