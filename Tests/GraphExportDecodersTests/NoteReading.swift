@testable import GraphExportDecoders

/// What a CommonMark reader should make of a note's Markdown, worked out from the note's runs
/// alone (not from the Markdown): its blocks and, in each, its spans of text with their styles.
/// `NoteMarkdownReadBackTests` compares it with what `cmark` reads.
///
/// The note, as Apple Notes shows it: paragraphs are the text between newlines, styled by their
/// first run. Block-quoted paragraphs in a row are one quote (an empty paragraph that is not
/// quoted ends it); monospaced paragraphs in a row, empty ones included, one code block; list
/// paragraphs in a row one list region, where an item belongs to the nearest item before it of a
/// smaller indent and siblings of one marker character form one list; an empty paragraph ends a
/// list region and a code block. A table is a paragraph of its rows (plain CommonMark has no
/// tables), the note's second mention of it a link; strikethrough is `~~` text (likewise).
struct NoteReading: Equatable, CustomStringConvertible {
    /// The blocks, in order.
    var blocks: [Block]

    /// A block as a reader reads it.
    indirect enum Block: Equatable {
        case heading(Int, [Span])
        case paragraph([Span])
        case code(String)
        /// `ordered` or `bullet`; each item its blocks.
        case list(String, [[Block]])
        case quote([Block])
    }

    /// A span of inline content.
    enum Span: Equatable {
        case text(String, SpanStyle)
        case lineBreak
        case softBreak
    }

    /// How a span is shown.
    struct SpanStyle: Hashable {
        var bold = false
        var italic = false
        var underlined = false
        /// The destination of the link (or image, `!` before it) the span is in.
        var link: String?
    }

    var description: String {
        var lines: [String] = []
        Self.describe(blocks, depth: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    private static func describe(_ blocks: [Block], depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        for block in blocks {
            switch block {
            case .heading(let level, let spans): lines.append(indent + "heading \(level) " + describe(spans))
            case .paragraph(let spans): lines.append(indent + "paragraph " + describe(spans))
            case .code(let literal): lines.append(indent + "code \(literal.debugDescription)")
            case .list(let kind, let items):
                lines.append(indent + "list \(kind)")
                for item in items {
                    lines.append(indent + "  item")
                    describe(item, depth: depth + 2, into: &lines)
                }
            case .quote(let inner):
                lines.append(indent + "quote")
                describe(inner, depth: depth + 1, into: &lines)
            }
        }
    }

    private static func describe(_ spans: [Span]) -> String {
        spans.map { span in
            switch span {
            case .lineBreak: return "⏎"
            case .softBreak: return "↩"
            case .text(let text, let style):
                let marks = [
                    style.bold ? "b" : nil, style.italic ? "i" : nil, style.underlined ? "u" : nil,
                    style.link.map { "→" + $0 },
                ].compactMap { $0 }
                return text.debugDescription + (marks.isEmpty ? "" : "[" + marks.joined(separator: ",") + "]")
            }
        }.joined(separator: " ")
    }

    /// Merges neighbouring text of one style, drops the spaces and tabs that end a line and the
    /// text left empty: a reader drops them, and splits text where it likes.
    static func normalized(_ spans: [Span]) -> [Span] {
        var merged: [Span] = []
        for span in spans {
            if case .text(let text, let style) = span, case .text(let previous, let previousStyle)? = merged.last,
                previousStyle == style
            {
                merged[merged.count - 1] = .text(previous + text, style)
            } else {
                merged.append(span)
            }
        }
        var result: [Span] = []
        for (index, span) in merged.enumerated() {
            guard case .text(var text, let style) = span else {
                result.append(span)
                continue
            }
            let endsLine =
                index + 1 == merged.count || merged[index + 1] == .lineBreak || merged[index + 1] == .softBreak
            if endsLine {
                while let last = text.unicodeScalars.last, last == " " || last == "\t" {
                    text.unicodeScalars.removeLast()
                }
            }
            if !text.isEmpty { result.append(.text(text, style)) }
        }
        return result
    }

    static func normalized(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            switch block {
            case .heading(let level, let spans): return .heading(level, normalized(spans))
            case .paragraph(let spans): return .paragraph(normalized(spans))
            case .code: return block
            case .list(let kind, let items): return .list(kind, items.map { normalized($0) })
            case .quote(let inner): return .quote(normalized(inner))
            }
        }
    }
}

// MARK: - From a note's runs

extension NoteReading {
    /// What a reader should read in the Markdown of `document`, whose attachments `attachment`
    /// finds.
    init(_ document: NoteDocument, attachment: (AttachmentReference) -> NoteAttachment) {
        let found = withoutActuallyEscaping(attachment) { attachment in
            var builder = Builder(attachment: attachment)
            for paragraph in Self.paragraphs(document) { builder.add(paragraph) }
            return builder.finish()
        }
        blocks = Self.normalized(found)
    }

    /// A paragraph: its style and its text, run by run.
    fileprivate struct Paragraph {
        var style: ParagraphStyle
        var parts: [(text: Substring, run: NoteRun)]
    }

    /// A note's text cut by its runs' lengths (UTF-16 code units), the text past them plain.
    fileprivate static func parts(_ document: NoteDocument) -> [(text: Substring, run: NoteRun)] {
        let text = document.text
        var parts: [(text: Substring, run: NoteRun)] = []
        var position = text.utf16.startIndex
        for run in document.runs where position < text.utf16.endIndex {
            let end = text.utf16.index(position, offsetBy: run.length, limitedBy: text.utf16.endIndex) ?? text.endIndex
            parts.append((text[position..<end], run))
            position = end
        }
        if position < text.endIndex { parts.append((text[position...], NoteRun(length: 0))) }
        return parts
    }

    /// The note's paragraphs: its parts cut at newlines.
    fileprivate static func paragraphs(_ document: NoteDocument) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var current: [(text: Substring, run: NoteRun)] = []
        for part in parts(document) {
            var rest = part.text
            // At each newline scalar (a CR LF is one Character, cut between its CR and LF).
            while let newline = rest.unicodeScalars.firstIndex(of: "\n") {
                if newline > rest.startIndex { current.append((rest[..<newline], part.run)) }
                paragraphs.append(Paragraph(style: (current.first?.run ?? part.run).paragraph, parts: current))
                current = []
                rest = rest[rest.unicodeScalars.index(after: newline)...]
            }
            if !rest.isEmpty { current.append((rest, part.run)) }
        }
        if let first = current.first { paragraphs.append(Paragraph(style: first.run.paragraph, parts: current)) }
        return paragraphs
    }
}

/// Gathers a note's paragraphs into blocks.
private struct Builder {
    let attachment: (AttachmentReference) -> NoteAttachment
    /// The blocks of the quote being gathered, or of the note when no quote is open.
    var outer: [NoteReading.Block] = []
    var quoted: [NoteReading.Block]?
    /// The code block being gathered.
    var code: [String]?
    /// The list region being gathered: each item's indent, marker and blocks.
    var items: [(indent: Int, marker: String, blocks: [NoteReading.Block])] = []
    var tablesSeen: Set<String> = []

    init(attachment: @escaping (AttachmentReference) -> NoteAttachment) {
        self.attachment = attachment
    }

    mutating func add(_ paragraph: NoteReading.Paragraph) {
        let style = paragraph.style
        let isCode = style.styleType == 4
        if quoted != nil && !style.blockQuote { endQuote() }
        guard !paragraph.parts.isEmpty else {
            if isCode { return addCodeLine("", quoted: style.blockQuote) }
            endCode()
            if !(100...103).contains(style.styleType) { endList() }
            return
        }
        if style.blockQuote && quoted == nil {
            endBlocks()
            quoted = []
        }
        // The paragraph's spans, cut where a table is written as a block; runs of one style in a
        // row are one.
        var spans: [NoteReading.Span] = []
        var codeLine = ""
        var pending: (text: String, run: NoteRun)?
        func flush() {
            if let (text, run) = pending { spans += Self.spans(Substring(text), run) }
            pending = nil
        }
        for part in paragraph.parts {
            guard let reference = part.run.attachment else {
                if isCode {
                    codeLine += part.text
                } else if let (text, run) = pending, Self.sameInlineStyle(run, part.run) {
                    pending = (text + part.text, run)
                } else {
                    flush()
                    pending = (String(part.text), part.run)
                }
                continue
            }
            for character in part.text.unicodeScalars {
                guard character == "\u{FFFC}" else {
                    if isCode {
                        codeLine.unicodeScalars.append(character)
                    } else if let (text, run) = pending, Self.sameInlineStyle(run, part.run) {
                        pending = (text + String(character), run)
                    } else {
                        flush()
                        pending = (String(character), part.run)
                    }
                    continue
                }
                flush()
                switch attachment(reference) {
                case .inline(let text):
                    if isCode { codeLine += text } else { spans.append(.text(text, .init())) }
                case .table(let table, let id, let label):
                    guard tablesSeen.insert(id).inserted else {
                        if isCode { codeLine += "\u{FFFC}" }
                        spans.append(.text(label, .init(link: id)))
                        continue
                    }
                    if isCode {
                        addCodeLine(codeLine, quoted: style.blockQuote)
                        codeLine = ""
                    } else {
                        addInline(spans, style: style)
                        spans = []
                    }
                    endBlocks()
                    append(.paragraph(Self.tableSpans(table)))
                case .object(let id, let label, let isImage):
                    if isCode { codeLine += "\u{FFFC}" }
                    spans.append(.text(label, .init(link: (isImage ? "!" : "") + id)))
                case .unknown(let reference):
                    if isCode { codeLine += "\u{FFFC}" }
                    spans.append(
                        .text(
                            reference.typeUTI.isEmpty ? "attachment" : reference.typeUTI,
                            .init(link: "attachment:" + reference.identifier)))
                }
            }
        }
        flush()
        if isCode { addCodeLine(codeLine, quoted: style.blockQuote) } else { addInline(spans, style: style) }
    }

    /// Whether two runs show their text alike (the writer merges such neighbours).
    static func sameInlineStyle(_ first: NoteRun, _ second: NoteRun) -> Bool {
        first.fontWeight == second.fontWeight && first.underlined == second.underlined
            && first.strikethrough == second.strikethrough && first.link == second.link
    }

    mutating func finish() -> [NoteReading.Block] {
        endQuote()
        endBlocks()
        return outer
    }

    private mutating func append(_ block: NoteReading.Block) {
        if quoted != nil { quoted!.append(block) } else { outer.append(block) }
    }

    private mutating func addCodeLine(_ line: String, quoted: Bool) {
        endList()
        if quoted && self.quoted == nil {
            endBlocks()
            self.quoted = []
        }
        code = (code ?? []) + [line.replacingOccurrences(of: "\u{2028}", with: "\n")]
    }

    /// A paragraph's spans as a heading, a list item or a paragraph.
    private mutating func addInline(_ spans: [NoteReading.Span], style: ParagraphStyle) {
        var spans = spans
        while let last = spans.last,
            last == .lineBreak || last == .text("", .init())
                || {
                    if case .text("", _) = last { return true } else { return false }
                }()
        {
            spans.removeLast()
        }
        guard !spans.isEmpty else { return }
        endCode()
        switch style.styleType {
        case 0, 1, 2:
            endList()
            append(.heading(style.styleType + 1, spans))
        case 100, 101, 102, 103:
            let marker = style.styleType == 100 ? "*" : style.styleType == 102 ? "ordered" : "-"
            if style.styleType == 103 {
                spans.insert(.text(style.checklistDone == true ? "[x] " : "[ ] ", .init()), at: 0)
            }
            items.append((style.indent, marker, [.paragraph(spans)]))
        default:
            endList()
            append(.paragraph(spans))
        }
    }

    private mutating func endBlocks() {
        endCode()
        endList()
    }

    private mutating func endCode() {
        guard let lines = code else { return }
        code = nil
        append(.code(lines.joined(separator: "\n") + "\n"))
    }

    private mutating func endQuote() {
        guard quoted != nil else { return }
        endBlocks()
        if let inner = quoted, !inner.isEmpty { outer.append(.quote(inner)) }
        quoted = nil
    }

    /// The list region: each item under the nearest item before it of a smaller indent; the
    /// children of one parent cut into lists where the marker changes.
    private mutating func endList() {
        guard !items.isEmpty else { return }
        let region = items
        items = []
        // Each item's parent, by the nearest item before it of a smaller indent.
        var parents: [Int?] = []
        for (index, item) in region.enumerated() {
            var parent: Int? = index > 0 ? index - 1 : nil
            while let candidate = parent, region[candidate].indent >= item.indent {
                parent = parents[candidate]
            }
            parents.append(parent)
        }
        func kind(_ marker: String) -> String { marker == "ordered" ? "ordered" : "bullet" }
        func lists(under parent: Int?) -> [NoteReading.Block] {
            var blocks: [NoteReading.Block] = []
            var current: (marker: String, items: [[NoteReading.Block]])?
            for index in region.indices where parents[index] == parent {
                let item = region[index].blocks + lists(under: index)
                if current?.marker == region[index].marker {
                    current!.items.append(item)
                } else {
                    if let done = current { blocks.append(.list(kind(done.marker), done.items)) }
                    current = (region[index].marker, [item])
                }
            }
            if let done = current { blocks.append(.list(kind(done.marker), done.items)) }
            return blocks
        }
        for block in lists(under: nil) { append(block) }
    }

    /// A run's text as spans: its line breaks apart (a newline is one only in a table cell); a styled run's spaces at either end outside
    /// its style; strikethrough as `~~` around it, inside its link and underline.
    static func spans(_ text: Substring, _ run: NoteRun) -> [NoteReading.Span] {
        let style = NoteReading.SpanStyle(
            bold: run.isBold, italic: run.isItalic, underlined: run.underlined, link: run.link)
        let isBreak = { (scalar: Unicode.Scalar) in scalar == "\u{2028}" || scalar == "\r" || scalar == "\n" }
        let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" || isBreak(scalar) }
        let scalars = Array(text.unicodeScalars)
        let start = scalars.firstIndex { !isSpace($0) } ?? scalars.count
        let end = (scalars.lastIndex { !isSpace($0) } ?? -1) + 1
        let styled = style != NoteReading.SpanStyle() || run.strikethrough
        func plain(_ part: ArraySlice<Unicode.Scalar>, _ style: NoteReading.SpanStyle) -> [NoteReading.Span] {
            var spans: [NoteReading.Span] = []
            var text = ""
            var index = part.startIndex
            while index < part.endIndex {
                let scalar = part[index]
                if isBreak(scalar) {
                    spans.append(.text(text, style))
                    text = ""
                    spans.append(.lineBreak)
                    if scalar == "\r" && index + 1 < part.endIndex && part[index + 1] == "\n" { index += 1 }
                } else {
                    text.unicodeScalars.append(scalar)
                }
                index += 1
            }
            return spans + [.text(text, style)]
        }
        guard styled && start < end else { return plain(scalars[...], .init()) }
        let outer = NoteReading.SpanStyle(underlined: style.underlined, link: style.link)
        var spans = plain(scalars[..<start], .init())
        if run.strikethrough { spans.append(.text("~~", outer)) }
        spans += plain(scalars[start..<end], style)
        if run.strikethrough { spans.append(.text("~~", outer)) }
        return spans + plain(scalars[end...], .init())
    }

    /// A table as plain CommonMark reads it: a paragraph of its rows, the header's separator row
    /// after the first, each cell's spans by its runs, a line break in a cell `<br>`.
    static func tableSpans(_ table: NoteTable) -> [NoteReading.Span] {
        var spans: [NoteReading.Span] = []
        for (number, row) in table.cells.enumerated() {
            if number > 0 { spans.append(.softBreak) }
            spans.append(.text("| ", .init()))
            for (column, cell) in row.enumerated() {
                if column > 0 { spans.append(.text(" | ", .init())) }
                var pending: (text: String, run: NoteRun)?
                for piece in NoteReading.parts(cell) {
                    if let (text, run) = pending, sameInlineStyle(run, piece.run) {
                        pending = (text + piece.text, run)
                        continue
                    }
                    if let (text, run) = pending { spans += Self.spans(Substring(text), run) }
                    pending = (String(piece.text), piece.run)
                }
                if let (text, run) = pending { spans += Self.spans(Substring(text), run) }
            }
            spans.append(.text(" |", .init()))
            if number == 0 {
                spans.append(.softBreak)
                spans.append(.text("|" + String(repeating: " --- |", count: row.count), .init()))
            }
        }
        return spans
    }
}
