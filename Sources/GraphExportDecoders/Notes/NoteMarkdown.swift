/// A note as plain text and as Markdown (CommonMark with GitHub's tables, task lists and
/// strikethrough), from its text, its attribute runs and its attachments. docs/NOTES.md lists
/// what each style becomes.
///
/// - Paragraphs (the text between newlines) take the paragraph style of their first run: title
///   `#`, heading `##`, subheading `###`, monospaced lines one fenced code block, dotted lists
///   `*`, dashed lists `-`, numbered lists `1.` (counted per level), checklists `- [ ]` and
///   `- [x]`, block quotes `>`; a list item's `indent_amount` indents it 4 spaces a level. Empty
///   paragraphs only separate: Markdown blocks are separated by one blank line, items of one list
///   by a newline.
/// - Runs: bold `**`, italic `*`, both `***`, strikethrough `~~`, underline `<u>…</u>` (Markdown
///   has none of its own; CommonMark passes the HTML through), links `[text](url)`; markers stay
///   inside the spaces around a run. Text is escaped so that it reads back as itself.
/// - Attachments: a hashtag or mention is its text; a table a Markdown table block; any other a
///   link to its `ICAttachment` object's id (`![title](x-coredata://…)` for images).
///
/// The plain text is the note's text with each hashtag and mention as its text and each table as
/// its rows (cells separated by tabs), other attachments staying U+FFFC.
struct NoteMarkdown {
    /// The note as plain text.
    private(set) var text = ""
    /// The note as Markdown.
    private(set) var markdown = ""
    /// Whether the runs cover the text exactly; when not, the text past the runs is body text and
    /// runs past the text are ignored.
    private(set) var runsCoverText = true

    /// Renders `document`, finding each attachment with `attachment`.
    init(_ document: NoteDocument, attachment: (AttachmentReference) -> NoteAttachment) {
        // The runs count UTF-16 code units; the text is read as UTF-8, each run's units turned
        // into whole scalars' bytes (a scalar of 4 bytes is 2 units).
        let units = Array(document.text.utf8)
        var pieces: [Piece] = []
        var offset = 0
        var covered = 0
        for run in document.runs where offset < units.count {
            let start = offset
            var left = run.length
            while left > 0 && offset < units.count {
                let lead = units[offset]
                let (size, width) = lead < 0x80 ? (1, 1) : lead < 0xE0 ? (2, 1) : lead < 0xF0 ? (3, 1) : (4, 2)
                offset = min(units.count, offset + size)
                left -= width
                covered += width
            }
            if offset > start { pieces.append(Piece(range: start..<offset, run: run)) }
        }
        let coveredLength = document.runs.reduce(0) { $0 + $1.length }
        runsCoverText = offset == units.count && coveredLength == covered
        if offset < units.count { pieces.append(Piece(range: offset..<units.count, run: NoteRun(length: 0))) }
        var blocks = BlockWriter()
        for paragraph in Self.paragraphs(pieces, units: units) {
            render(paragraph, units: units, attachment: attachment, into: &blocks)
        }
        markdown = blocks.finish()
    }

    /// Part of the text (a range of its UTF-8 bytes) with one run's style.
    private struct Piece {
        var range: Range<Int>
        var run: NoteRun
    }

    /// A paragraph: its pieces (without the newline) and its style.
    private struct Paragraph {
        var pieces: [Piece]
        var style: ParagraphStyle
        var endsWithNewline: Bool
    }

    /// Splits the pieces at newlines; each paragraph takes the style of its first piece, or of
    /// its newline when it is empty.
    private static func paragraphs(_ pieces: [Piece], units: [UInt8]) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var current: [Piece] = []
        for piece in pieces {
            var start = piece.range.lowerBound
            for index in piece.range where units[index] == 0x0A {
                if index > start { current.append(Piece(range: start..<index, run: piece.run)) }
                let style = current.first?.run.paragraph ?? piece.run.paragraph
                paragraphs.append(Paragraph(pieces: current, style: style, endsWithNewline: true))
                current = []
                start = index + 1
            }
            if piece.range.upperBound > start {
                current.append(Piece(range: start..<piece.range.upperBound, run: piece.run))
            }
        }
        if let first = current.first {
            paragraphs.append(Paragraph(pieces: current, style: first.run.paragraph, endsWithNewline: false))
        }
        return paragraphs
    }

    private mutating func render(
        _ paragraph: Paragraph, units: [UInt8], attachment: (AttachmentReference) -> NoteAttachment,
        into blocks: inout BlockWriter
    ) {
        let style = paragraph.style
        let isCode = style.styleType == 4
        var inline = InlineWriter()
        var code = ""
        for piece in paragraph.pieces {
            let pieceText = String(decoding: units[piece.range], as: UTF8.self)
            guard let reference = piece.run.attachment else {
                text += pieceText
                if isCode { code += pieceText } else { inline.append(pieceText, style: piece.run) }
                continue
            }
            for character in pieceText.unicodeScalars {
                guard character == "\u{FFFC}" else {
                    text.unicodeScalars.append(character)
                    inline.append(String(character), style: piece.run)
                    continue
                }
                switch attachment(reference) {
                case .inline(let alternative):
                    text += alternative
                    if isCode { code += alternative } else { inline.appendRaw(alternative) }
                case .table(let rows):
                    text += rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")
                    blocks.add(paragraph: inline.finish(), style: style)
                    blocks.addTable(rows)
                case .object(let id, let label, let isImage):
                    text += "\u{FFFC}"
                    inline.appendRaw(
                        (isImage ? "!" : "") + "[" + InlineWriter.escaped(label) + "](" + Self.destination(id) + ")")
                case .unknown(let reference):
                    text += "\u{FFFC}"
                    inline.appendRaw(
                        "[" + InlineWriter.escaped(reference.typeUTI.isEmpty ? "attachment" : reference.typeUTI)
                            + "](" + Self.destination("attachment:" + reference.identifier) + ")")
                }
            }
        }
        if paragraph.endsWithNewline { text += "\n" }
        if isCode {
            blocks.addCode(code)
        } else {
            blocks.add(paragraph: inline.finish(), style: style)
        }
    }

    /// A link destination: in angle brackets, with the characters that would end it escaped.
    static func destination(_ url: String) -> String {
        var result = "<"
        for scalar in url.unicodeScalars {
            switch scalar {
            case "<": result += "%3C"
            case ">": result += "%3E"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            case "\\": result += "%5C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + ">"
    }
}

/// Builds the Markdown of one paragraph from styled text, merging neighbours of one style.
struct InlineWriter {
    private var output = ""
    private var pending = ""
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

    /// Appends text shown with `run`'s style.
    mutating func append(_ text: String, style run: NoteRun) {
        let style = InlineStyle(run)
        if style != pendingStyle { flush() }
        pendingStyle = style
        pending += text
    }

    /// Appends Markdown as it is (an attachment's).
    mutating func appendRaw(_ markdown: String) {
        flush()
        output += markdown
    }

    /// The paragraph's Markdown.
    mutating func finish() -> String {
        flush()
        defer { output = "" }
        return output
    }

    private mutating func flush() {
        guard let style = pendingStyle, !pending.isEmpty else {
            pending = ""
            pendingStyle = nil
            return
        }
        let bytes = Array(pending.utf8)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.count
        let end = (bytes.lastIndex { !isSpace($0) } ?? -1) + 1
        let plain = !style.bold && !style.italic && !style.strikethrough && !style.underlined && style.link == nil
        var shown: String
        if plain || start >= end {
            shown = Self.escaped(pending)
        } else {
            shown = Self.escaped(String(decoding: bytes[start..<end], as: UTF8.self))
            let emphasis = style.bold && style.italic ? "***" : style.bold ? "**" : style.italic ? "*" : ""
            shown = emphasis + shown + emphasis
            if style.strikethrough { shown = "~~" + shown + "~~" }
            if style.underlined { shown = "<u>" + shown + "</u>" }
            if let link = style.link { shown = "[" + shown + "](" + NoteMarkdown.destination(link) + ")" }
            shown =
                String(decoding: bytes[..<start], as: UTF8.self) + shown
                + String(decoding: bytes[end...], as: UTF8.self)
        }
        output += shown
        pending = ""
        pendingStyle = nil
    }

    /// `text` with every character Markdown could read as syntax escaped by a backslash.
    static func escaped(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        var bytes = text.utf8.makeIterator()
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
            default:
                break
            }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Joins the blocks of a note: a blank line between blocks, a newline between the items of one
/// list and the lines of one code block.
struct BlockWriter {
    private var output = ""
    private var lastKind: Kind?
    private var code: [String] = []
    /// The next number of each level of the numbered list being written.
    private var numbers: [Int] = []

    private enum Kind: Equatable {
        case list
        case other
    }

    /// Adds a paragraph of Markdown `inline` (empty paragraphs are dropped).
    mutating func add(paragraph inline: String, style: ParagraphStyle) {
        guard !inline.isEmpty else { return }
        flushCode()
        let indent = String(repeating: " ", count: 4 * style.indent)
        let item = Self.guardLineStart(inline)
        switch style.styleType {
        case 0: block("# " + inline)
        case 1: block("## " + inline)
        case 2: block("### " + inline)
        case 100: listItem(indent + "* " + item, level: style.indent, numbered: false)
        case 101: listItem(indent + "- " + item, level: style.indent, numbered: false)
        case 102:
            let number = nextNumber(level: style.indent)
            listItem(indent + "\(number). " + item, level: style.indent, numbered: true)
        case 103:
            let box = style.checklistDone == true ? "[x]" : "[ ]"
            listItem(indent + "- " + box + " " + item, level: style.indent, numbered: false)
        default:
            block((style.blockQuote ? "> " : "") + item)
        }
    }

    /// Adds one line of a monospaced block.
    mutating func addCode(_ line: String) {
        code.append(line)
    }

    /// Adds a table block; the first row is the header.
    mutating func addTable(_ rows: [[String]]) {
        guard let header = rows.first, !header.isEmpty else { return }
        flushCode()
        func line(_ cells: [String]) -> String {
            "| "
                + cells.map {
                    InlineWriter.escaped($0).split(separator: "\n", omittingEmptySubsequences: false).joined(
                        separator: "<br>")
                }
                .joined(separator: " | ") + " |"
        }
        var lines = [line(header), "|" + String(repeating: " --- |", count: header.count)]
        lines += rows.dropFirst().map(line)
        block(lines.joined(separator: "\n"))
    }

    /// The note's Markdown, ending in a newline unless empty.
    mutating func finish() -> String {
        flushCode()
        return output.isEmpty ? "" : output + "\n"
    }

    private mutating func block(_ text: String) {
        if lastKind != nil { output += "\n\n" }
        output += text
        lastKind = .other
        numbers = []
    }

    private mutating func listItem(_ text: String, level: Int, numbered: Bool) {
        if lastKind == .list {
            output += "\n"
        } else if lastKind != nil {
            output += "\n\n"
        }
        output += text
        lastKind = .list
        if !numbered && numbers.count > level { numbers.removeSubrange(level...) }
    }

    private mutating func nextNumber(level: Int) -> Int {
        if lastKind != .list { numbers = [] }
        if numbers.count > level + 1 { numbers.removeSubrange((level + 1)...) }
        while numbers.count <= level { numbers.append(0) }
        numbers[level] += 1
        return numbers[level]
    }

    private mutating func flushCode() {
        guard !code.isEmpty else { return }
        let body = code.joined(separator: "\n")
        var longest = 0
        var current = 0
        for character in body {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        code = []
        block(fence + "\n" + body + "\n" + fence)
    }

    /// A body paragraph's Markdown with what would start a list item at its start escaped
    /// (`- `, `+ `, `1. `, `1) `, `=`).
    private static func guardLineStart(_ inline: String) -> String {
        guard let first = inline.first else { return inline }
        if first == "-" || first == "+" || first == "=" { return "\\" + inline }
        let digits = inline.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let next = inline.dropFirst(digits.count).first, next == "." || next == ")" {
            return digits + "\\" + inline.dropFirst(digits.count)
        }
        return inline
    }
}
