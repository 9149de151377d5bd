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
        var workspace = Workspace()
        self.init(document, workspace: &workspace, attachment: attachment)
    }

    /// Renders `document` in `workspace`'s buffers, finding each attachment with `attachment`.
    ///
    /// Both outputs are built as UTF-8 bytes, each made a `String` once at the end: the text
    /// of a piece is copied from the note's bytes, never made a `String` of its own. A decoder
    /// keeps one workspace for all its notes, so that the buffers are allocated once.
    init(
        _ document: NoteDocument, workspace: inout Workspace, attachment: (AttachmentReference) -> NoteAttachment
    ) {
        workspace.begin(document)
        let units = workspace.units
        // The runs count UTF-16 code units; the text is read as UTF-8, each run's units turned
        // into whole scalars' bytes (a scalar of 4 bytes is 2 units), in one pass over the bytes.
        var offset = 0
        var covered = 0
        for (number, run) in document.runs.enumerated() where offset < units.count {
            let start = offset
            var left = run.length
            while left > 0 && offset < units.count {
                let lead = units[offset]
                let (size, width) = lead < 0x80 ? (1, 1) : lead < 0xE0 ? (2, 1) : lead < 0xF0 ? (3, 1) : (4, 2)
                offset = min(units.count, offset + size)
                left -= width
                covered += width
            }
            if offset > start { workspace.pieces.append(Piece(range: start..<offset, run: number)) }
        }
        let coveredLength = document.runs.reduce(0) { $0 + $1.length }
        runsCoverText = offset == units.count && coveredLength == covered
        if offset < units.count {
            workspace.pieces.append(Piece(range: offset..<units.count, run: document.runs.count))
        }
        // Splits the pieces at newlines; each paragraph takes the style of its first piece, or
        // of its newline when it is empty.
        for piece in workspace.pieces {
            var start = piece.range.lowerBound
            for index in piece.range where units[index] == 0x0A {
                if index > start { workspace.paragraph.append(Piece(range: start..<index, run: piece.run)) }
                let style = workspace.run(workspace.paragraph.first?.run ?? piece.run).paragraph
                workspace.render(workspace.paragraph, style: style, endsWithNewline: true, attachment: attachment)
                workspace.paragraph.removeAll(keepingCapacity: true)
                start = index + 1
            }
            if piece.range.upperBound > start {
                workspace.paragraph.append(Piece(range: start..<piece.range.upperBound, run: piece.run))
            }
        }
        if let first = workspace.paragraph.first {
            workspace.render(
                workspace.paragraph, style: workspace.run(first.run).paragraph, endsWithNewline: false,
                attachment: attachment)
        }
        text = String(decoding: workspace.text, as: UTF8.self)
        markdown = workspace.blocks.finish()
    }

    /// Part of the text (a range of its UTF-8 bytes) with one run's style: the run's number in
    /// the document, or the number past its last run for text the runs do not cover.
    fileprivate struct Piece {
        var range: Range<Int>
        var run: Int
    }

    /// The buffers of a rendering, kept from note to note (their capacity grows to the largest
    /// note's): the note's bytes, its pieces, the plain text so far, the Markdown blocks so far
    /// and what each paragraph reuses.
    struct Workspace {
        fileprivate var units: [UInt8] = []
        fileprivate var runs: [NoteRun] = []
        fileprivate var pieces: [Piece] = []
        fileprivate var paragraph: [Piece] = []
        fileprivate var text: [UInt8] = []
        fileprivate var blocks = BlockWriter()
        private var inline = InlineWriter()
        private var code: [UInt8] = []
        /// The style of text the runs do not cover.
        private let plainRun = NoteRun(length: 0)

        /// An empty workspace.
        init() {}

        /// Empties the buffers for `document`, whose bytes it copies into ``units``.
        fileprivate mutating func begin(_ document: NoteDocument) {
            units.removeAll(keepingCapacity: true)
            units.append(contentsOf: document.text.utf8)
            runs = document.runs
            pieces.removeAll(keepingCapacity: true)
            paragraph.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            blocks.reset()
            inline.discard()
        }

        fileprivate func run(_ number: Int) -> NoteRun {
            number < runs.count ? runs[number] : plainRun
        }

        fileprivate mutating func render(
            _ pieces: [Piece], style: ParagraphStyle, endsWithNewline: Bool,
            attachment: (AttachmentReference) -> NoteAttachment
        ) {
            let isCode = style.styleType == 4
            code.removeAll(keepingCapacity: true)
            for piece in pieces {
                let run = run(piece.run)
                let bytes = units[piece.range]
                guard let reference = run.attachment else {
                    text.append(contentsOf: bytes)
                    if isCode { code.append(contentsOf: bytes) } else { inline.append(bytes, style: run) }
                    continue
                }
                var index = piece.range.lowerBound
                while index < piece.range.upperBound {
                    let lead = units[index]
                    let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    let scalar = units[index..<min(index + size, piece.range.upperBound)]
                    index += size
                    // U+FFFC OBJECT REPLACEMENT CHARACTER, the attachment's place.
                    guard scalar.elementsEqual([0xEF, 0xBF, 0xBC]) else {
                        text.append(contentsOf: scalar)
                        inline.append(scalar, style: run)
                        continue
                    }
                    switch attachment(reference) {
                    case .inline(let alternative):
                        text.append(contentsOf: alternative.utf8)
                        if isCode { code.append(contentsOf: alternative.utf8) } else { inline.appendRaw(alternative) }
                    case .table(let rows):
                        for (number, row) in rows.enumerated() {
                            if number > 0 { text.append(0x0A) }
                            for (column, cell) in row.enumerated() {
                                if column > 0 { text.append(0x09) }
                                text.append(contentsOf: cell.utf8)
                            }
                        }
                        inline.finish(into: &blocks, style: style)
                        blocks.addTable(rows)
                    case .object(let id, let label, let isImage):
                        text.append(contentsOf: [0xEF, 0xBF, 0xBC])
                        inline.appendLink(label: label, destination: id, isImage: isImage)
                    case .unknown(let reference):
                        text.append(contentsOf: [0xEF, 0xBF, 0xBC])
                        inline.appendLink(
                            label: reference.typeUTI.isEmpty ? "attachment" : reference.typeUTI,
                            destination: "attachment:" + reference.identifier, isImage: false)
                    }
                }
            }
            if endsWithNewline { text.append(0x0A) }
            if isCode {
                blocks.addCode(code)
                inline.discard()
            } else {
                inline.finish(into: &blocks, style: style)
            }
        }
    }

    /// Appends a link destination: in angle brackets, with the characters that would end it
    /// escaped.
    static func appendDestination(_ url: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: "%3C".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "%3E".utf8)
            case UInt8(ascii: "\n"): output.append(contentsOf: "%0A".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "%0D".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "%5C".utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: ">"))
    }
}

/// Builds the Markdown of one paragraph from styled text, merging neighbours of one style, as
/// UTF-8 bytes in buffers it reuses from paragraph to paragraph.
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
        NoteMarkdown.appendDestination(destination, to: &output)
        output.append(UInt8(ascii: ")"))
    }

    /// Adds the paragraph's Markdown to `blocks` as a paragraph of `style`, and starts the next.
    mutating func finish(into blocks: inout BlockWriter, style: ParagraphStyle) {
        flush()
        blocks.add(paragraph: output, style: style)
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
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = pending.firstIndex { !isSpace($0) } ?? pending.count
        let end = (pending.lastIndex { !isSpace($0) } ?? -1) + 1
        let plain = !style.bold && !style.italic && !style.strikethrough && !style.underlined && style.link == nil
        if plain || start >= end {
            Self.appendEscaped(pending, to: &output)
            return
        }
        let emphasis = style.bold && style.italic ? "***" : style.bold ? "**" : style.italic ? "*" : ""
        output.append(contentsOf: pending[..<start])
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
            NoteMarkdown.appendDestination(link, to: &output)
            output.append(UInt8(ascii: ")"))
        }
        output.append(contentsOf: pending[end...])
    }

    /// Appends `text` (UTF-8 bytes) with every character Markdown could read as syntax escaped
    /// by a backslash.
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
            default:
                break
            }
            result.append(byte)
        }
    }
}

/// Joins the blocks of a note: a blank line between blocks, a newline between the items of one
/// list and the lines of one code block. The Markdown is built as UTF-8 bytes.
struct BlockWriter {
    private var output: [UInt8] = []
    private var lastKind: Kind?
    /// The lines of the monospaced block being gathered, joined by newlines.
    private var code: [UInt8] = []
    /// How many lines `code` has.
    private var codeLines = 0
    /// The next number of each level of the numbered list being written.
    private var numbers: [Int] = []

    private enum Kind: Equatable {
        case list
        case other
    }

    /// Adds a paragraph of Markdown `inline` (UTF-8 bytes; empty paragraphs are dropped).
    mutating func add(paragraph inline: [UInt8], style: ParagraphStyle) {
        guard !inline.isEmpty else { return }
        flushCode()
        switch style.styleType {
        case 0, 1, 2:
            beginBlock()
            output.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: style.styleType + 1))
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: inline)
        case 100, 101, 103:
            beginListItem(level: style.indent, numbered: false)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * style.indent))
            switch style.styleType {
            case 100: output.append(contentsOf: "* ".utf8)
            case 101: output.append(contentsOf: "- ".utf8)
            default: output.append(contentsOf: (style.checklistDone == true ? "- [x] " : "- [ ] ").utf8)
            }
            Self.appendGuardingLineStart(inline, to: &output)
        case 102:
            let number = nextNumber(level: style.indent)
            beginListItem(level: style.indent, numbered: true)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * style.indent))
            output.append(contentsOf: "\(number). ".utf8)
            Self.appendGuardingLineStart(inline, to: &output)
        default:
            beginBlock()
            if style.blockQuote { output.append(contentsOf: "> ".utf8) }
            Self.appendGuardingLineStart(inline, to: &output)
        }
    }

    /// Adds one line (UTF-8 bytes) of a monospaced block.
    mutating func addCode(_ line: [UInt8]) {
        if codeLines > 0 { code.append(0x0A) }
        code.append(contentsOf: line)
        codeLines += 1
    }

    /// Adds a table block; the first row is the header.
    mutating func addTable(_ rows: [[String]]) {
        guard let header = rows.first, !header.isEmpty else { return }
        flushCode()
        beginBlock()
        var cell: [UInt8] = []
        for (number, row) in rows.enumerated() {
            if number > 0 { output.append(0x0A) }
            output.append(contentsOf: "| ".utf8)
            for (column, text) in row.enumerated() {
                if column > 0 { output.append(contentsOf: " | ".utf8) }
                cell.removeAll(keepingCapacity: true)
                InlineWriter.appendEscaped(text.utf8, to: &cell)
                // A line break in a cell is `<br>`; CR LF is one character, which stays.
                for (index, byte) in cell.enumerated() {
                    if byte == 0x0A && (index == 0 || cell[index - 1] != 0x0D) {
                        output.append(contentsOf: "<br>".utf8)
                    } else {
                        output.append(byte)
                    }
                }
            }
            output.append(contentsOf: " |".utf8)
            if number == 0 {
                output.append(contentsOf: "\n|".utf8)
                for _ in header { output.append(contentsOf: " --- |".utf8) }
            }
        }
    }

    /// The note's Markdown, ending in a newline unless empty.
    mutating func finish() -> String {
        flushCode()
        guard !output.isEmpty else { return "" }
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// Empties the writer for another note, keeping its buffers' capacity.
    mutating func reset() {
        output.removeAll(keepingCapacity: true)
        lastKind = nil
        code.removeAll(keepingCapacity: true)
        codeLines = 0
        numbers.removeAll(keepingCapacity: true)
    }

    private mutating func beginBlock() {
        if lastKind != nil { output.append(contentsOf: "\n\n".utf8) }
        lastKind = .other
        numbers = []
    }

    private mutating func beginListItem(level: Int, numbered: Bool) {
        if lastKind == .list {
            output.append(0x0A)
        } else if lastKind != nil {
            output.append(contentsOf: "\n\n".utf8)
        }
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
        guard codeLines > 0 else { return }
        let fence = repeatElement(UInt8(ascii: "`"), count: max(3, Self.longestBacktickRun(code) + 1))
        beginBlock()
        output.append(contentsOf: fence)
        output.append(0x0A)
        output.append(contentsOf: code)
        output.append(0x0A)
        output.append(contentsOf: fence)
        code.removeAll(keepingCapacity: true)
        codeLines = 0
    }

    /// The most backticks in a row in `body`, counting characters: a backtick that a combining
    /// mark follows is another character (rare enough to count through `String`).
    private static func longestBacktickRun(_ body: [UInt8]) -> Int {
        var longest = 0
        var current = 0
        for (index, byte) in body.enumerated() {
            guard byte != UInt8(ascii: "`") || index + 1 == body.count || body[index + 1] < 0x80 else {
                return longestBacktickRun(characters: String(decoding: body, as: UTF8.self))
            }
            current = byte == UInt8(ascii: "`") ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    private static func longestBacktickRun(characters body: String) -> Int {
        var longest = 0
        var current = 0
        for character in body {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// Appends a body paragraph's Markdown with what would start a list item at its start
    /// escaped (`- `, `+ `, `1. `, `1) `, `=`). The test is on characters: where the ASCII
    /// character tested is followed by a non-ASCII byte (which might combine with it), it is
    /// made through `String`.
    private static func appendGuardingLineStart(_ inline: [UInt8], to output: inout [UInt8]) {
        guard let first = inline.first else { return }
        let isASCIICharacter = { (index: Int) in index + 1 >= inline.count || inline[index + 1] < 0x80 }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") {
            guard isASCIICharacter(0) else {
                return output.append(contentsOf: guardLineStart(String(decoding: inline, as: UTF8.self)).utf8)
            }
            output.append(UInt8(ascii: "\\"))
            return output.append(contentsOf: inline)
        }
        let digits = inline.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        if digits > 0, digits < inline.count, inline[digits] == UInt8(ascii: ".") || inline[digits] == UInt8(ascii: ")")
        {
            guard isASCIICharacter(digits) else {
                return output.append(contentsOf: guardLineStart(String(decoding: inline, as: UTF8.self)).utf8)
            }
            output.append(contentsOf: inline[..<digits])
            output.append(UInt8(ascii: "\\"))
            return output.append(contentsOf: inline[digits...])
        }
        output.append(contentsOf: inline)
    }

    /// ``appendGuardingLineStart(_:to:)`` on characters.
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
