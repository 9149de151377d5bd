/// A note as plain text and as Markdown (CommonMark with GitHub's tables, task lists and
/// strikethrough), from its text, its attribute runs and its attachments. docs/NOTES.md lists
/// what each style becomes; ``BlockWriter`` joins the blocks, ``InlineWriter`` writes the text
/// of each.
///
/// - Paragraphs (the text between newlines) take the paragraph style of their first run: title
///   `#`, heading `##`, subheading `###`, monospaced lines one fenced code block, dotted lists
///   `*`, dashed lists `-`, numbered lists `1.`, checklists `- [ ]` and `- [x]`, block quotes
///   `>`. A list item is nested under the item before it of a smaller `indent_amount`. Empty
///   paragraphs separate: they end a list, a monospaced block and a block quote.
/// - Runs: bold `**`, italic `*`, both `***`, strikethrough `~~`, underline `<u>…</u>` (Markdown
///   has none of its own; CommonMark passes the HTML through), links `[text](url)`; markers stay
///   inside the spaces around a run. A soft return (U+2028, Shift-Return) is a hard line break.
///   Text is escaped so that it reads back as itself.
/// - Attachments: a hashtag or mention is its text; a table a Markdown table block, its cells
///   styled by their own runs (a table the note names again is a link to it the second time); any
///   other a link to its `ICAttachment` object's id (`![title](x-coredata://…)` for images).
///
/// The plain text is the note's text with each hashtag and mention as its text and each table as
/// its rows (cells separated by tabs), other attachments (and a table named again) staying U+FFFC.
///
/// The rendering stops, throwing ``TooLarge``, as soon as it holds more bytes than its
/// `maximumSize` allows, so that a note cannot make it write or hold more.
struct NoteMarkdown {
    /// The note as plain text.
    private(set) var text = ""
    /// The note as Markdown.
    private(set) var markdown = ""
    /// Whether the runs cover the text exactly; when not, the text past the runs is body text and
    /// runs past the text are ignored.
    private(set) var runsCoverText = true
    /// The tables the note names more than once, in the order first named: written where first
    /// named, a link to their object at every other place.
    private(set) var repeatedTables: [RepeatedTable] = []

    /// A table a note names more than once.
    struct RepeatedTable: Equatable {
        /// Its `ICAttachment` object's id.
        var id: String
        /// How many times the note names it.
        var count: Int
    }

    /// The rendering would have passed its `maximumSize`.
    struct TooLarge: Error, Equatable {
        /// The most it could write.
        var maximum: Int
    }

    /// Renders `document`, finding each attachment with `attachment`.
    init(_ document: NoteDocument, attachment: (AttachmentReference) -> NoteAttachment) throws(TooLarge) {
        var workspace = Workspace()
        try self.init(document, workspace: &workspace, attachment: attachment)
    }

    /// Renders `document` in `workspace`'s buffers, finding each attachment with `attachment`;
    /// throws ``TooLarge`` once the text and Markdown together pass `maximumSize()` bytes, which
    /// it asks for again after each attachment (what the decoder read grows with them).
    ///
    /// Both outputs are built as UTF-8 bytes, each made a `String` once at the end: the text
    /// of a piece is copied from the note's bytes, never made a `String` of its own. A decoder
    /// keeps one workspace for all its notes, so that the buffers are allocated once.
    init(
        _ document: NoteDocument, workspace: inout Workspace, maximumSize: () -> Int = { .max },
        attachment: (AttachmentReference) -> NoteAttachment
    ) throws(TooLarge) {
        workspace.begin(document, maximum: maximumSize())
        let units = workspace.units
        runsCoverText = Piece.split(units, by: document.runs, into: &workspace.pieces)
        // Splits the pieces at newlines; each paragraph takes the style of its first piece, or
        // of its newline when it is empty.
        for piece in workspace.pieces {
            var start = piece.range.lowerBound
            for index in piece.range where units[index] == 0x0A {
                if index > start { workspace.paragraph.append(Piece(range: start..<index, run: piece.run)) }
                let style = workspace.run(workspace.paragraph.first?.run ?? piece.run).paragraph
                try workspace.render(
                    style: style, endsWithNewline: true, maximumSize: maximumSize, attachment: attachment)
                workspace.paragraph.removeAll(keepingCapacity: true)
                start = index + 1
            }
            if piece.range.upperBound > start {
                workspace.paragraph.append(Piece(range: start..<piece.range.upperBound, run: piece.run))
            }
        }
        if let first = workspace.paragraph.first {
            try workspace.render(
                style: workspace.run(first.run).paragraph, endsWithNewline: false, maximumSize: maximumSize,
                attachment: attachment)
        }
        text = String(decoding: workspace.text, as: UTF8.self)
        markdown = workspace.blocks.finish()
        repeatedTables = workspace.tableOrder.compactMap { id in
            workspace.tableCounts[id].flatMap { $0 > 1 ? RepeatedTable(id: id, count: $0) : nil }
        }
    }

    /// Part of a text (a range of its UTF-8 bytes) with one run's style: the run's number in
    /// its document, or the number past its last run for text the runs do not cover.
    struct Piece {
        var range: Range<Int>
        var run: Int

        /// Appends to `pieces` the pieces of `units` (a text's UTF-8 bytes) that `runs` cover, and
        /// a piece for the text past them; returns whether the runs cover the text exactly.
        ///
        /// The runs count UTF-16 code units; the text is read as UTF-8, each run's units turned
        /// into whole scalars' bytes (a scalar of 4 bytes is 2 units), in one pass over the bytes.
        static func split(_ units: [UInt8], by runs: [NoteRun], into pieces: inout [Piece]) -> Bool {
            var offset = 0
            var covered = 0
            for (number, run) in runs.enumerated() where offset < units.count {
                let start = offset
                var left = run.length
                while left > 0 && offset < units.count {
                    let lead = units[offset]
                    let (size, width) = lead < 0x80 ? (1, 1) : lead < 0xE0 ? (2, 1) : lead < 0xF0 ? (3, 1) : (4, 2)
                    offset = min(units.count, offset + size)
                    left -= width
                    covered += width
                }
                if offset > start { pieces.append(Piece(range: start..<offset, run: number)) }
            }
            let coveredLength = runs.reduce(0) { $0 + $1.length }
            let coversText = offset == units.count && coveredLength == covered
            if offset < units.count { pieces.append(Piece(range: offset..<units.count, run: runs.count)) }
            return coversText
        }
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
        /// How many times the note names each table, by its object's id, and the ids in order.
        fileprivate var tableCounts: [String: Int] = [:]
        fileprivate var tableOrder: [String] = []
        private var inline = InlineWriter()
        private var code: [UInt8] = []
        private var cellPieces: [Piece] = []
        private var cellUnits: [UInt8] = []
        private var maximum = Int.max
        /// The style of text the runs do not cover.
        private let plainRun = NoteRun(length: 0)

        /// An empty workspace.
        init() {}

        /// Empties the buffers for `document`, whose bytes it copies into ``units``.
        fileprivate mutating func begin(_ document: NoteDocument, maximum: Int) {
            units.removeAll(keepingCapacity: true)
            units.append(contentsOf: document.text.utf8)
            runs = document.runs
            pieces.removeAll(keepingCapacity: true)
            paragraph.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            blocks.reset()
            inline.discard()
            tableCounts.removeAll(keepingCapacity: true)
            tableOrder.removeAll(keepingCapacity: true)
            self.maximum = maximum
        }

        fileprivate func run(_ number: Int) -> NoteRun {
            number < runs.count ? runs[number] : plainRun
        }

        /// Throws ``TooLarge`` when the buffers hold more than the rendering may write.
        private func checkSize() throws(TooLarge) {
            guard text.count + blocks.count + inline.count + code.count <= maximum else {
                throw TooLarge(maximum: maximum)
            }
        }

        /// Renders ``paragraph``, the pieces of one paragraph, in `style`.
        fileprivate mutating func render(
            style: ParagraphStyle, endsWithNewline: Bool, maximumSize: () -> Int,
            attachment: (AttachmentReference) -> NoteAttachment
        ) throws(TooLarge) {
            defer { if endsWithNewline { text.append(0x0A) } }
            let isCode = style.styleType == 4
            guard !paragraph.isEmpty else { return blocks.addEmptyParagraph(style: style) }
            code.removeAll(keepingCapacity: true)
            for piece in paragraph {
                let run = run(piece.run)
                let bytes = units[piece.range]
                guard let reference = run.attachment else {
                    text.append(contentsOf: bytes)
                    if isCode { code.append(contentsOf: bytes) } else { inline.append(bytes, style: run) }
                    try checkSize()
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
                        if isCode { code.append(contentsOf: scalar) } else { inline.append(scalar, style: run) }
                        continue
                    }
                    let found = attachment(reference)
                    maximum = maximumSize()
                    try place(found, style: style, isCode: isCode)
                    try checkSize()
                }
            }
            if isCode {
                blocks.addCode(code, style: style)
                inline.discard()
            } else {
                inline.finish(into: &blocks, style: style)
            }
        }

        /// Writes an attachment at its place in a paragraph of `style`.
        private mutating func place(_ found: NoteAttachment, style: ParagraphStyle, isCode: Bool) throws(TooLarge) {
            switch found {
            case .inline(let alternative):
                text.append(contentsOf: alternative.utf8)
                if isCode { code.append(contentsOf: alternative.utf8) } else { inline.appendRaw(alternative) }
            case .table(let table, let id, let label):
                let count = (tableCounts[id] ?? 0) + 1
                tableCounts[id] = count
                guard count == 1 else {
                    text.append(contentsOf: [0xEF, 0xBF, 0xBC])
                    if isCode { code.append(contentsOf: [0xEF, 0xBF, 0xBC]) }
                    return inline.appendLink(label: label, destination: id, isImage: false)
                }
                tableOrder.append(id)
                for (number, row) in table.cells.enumerated() {
                    if number > 0 { text.append(0x0A) }
                    for (column, cell) in row.enumerated() {
                        if column > 0 { text.append(0x09) }
                        text.append(contentsOf: cell.text.utf8)
                    }
                }
                if isCode {
                    blocks.addCode(code, style: style)
                    code.removeAll(keepingCapacity: true)
                } else {
                    inline.finish(into: &blocks, style: style)
                }
                try addTable(table, style: style)
            case .object(let id, let label, let isImage):
                text.append(contentsOf: [0xEF, 0xBF, 0xBC])
                if isCode { code.append(contentsOf: [0xEF, 0xBF, 0xBC]) }
                inline.appendLink(label: label, destination: id, isImage: isImage)
            case .unknown(let reference):
                text.append(contentsOf: [0xEF, 0xBF, 0xBC])
                if isCode { code.append(contentsOf: [0xEF, 0xBF, 0xBC]) }
                inline.appendLink(
                    label: reference.typeUTI.isEmpty ? "attachment" : reference.typeUTI,
                    destination: "attachment:" + reference.identifier, isImage: false)
            }
        }

        /// Adds a table block, each cell's Markdown written by its runs, checking the size row by row.
        private mutating func addTable(_ table: NoteTable, style: ParagraphStyle) throws(TooLarge) {
            guard let header = table.cells.first, !header.isEmpty else { return }
            blocks.beginTable(columns: header.count, style: style)
            for row in table.cells {
                for cell in row {
                    cellUnits.removeAll(keepingCapacity: true)
                    cellUnits.append(contentsOf: cell.text.utf8)
                    cellPieces.removeAll(keepingCapacity: true)
                    _ = Piece.split(cellUnits, by: cell.runs, into: &cellPieces)
                    for piece in cellPieces {
                        inline.append(
                            cellUnits[piece.range], style: piece.run < cell.runs.count ? cell.runs[piece.run] : plainRun
                        )
                    }
                    inline.finishCell(into: &blocks)
                }
                blocks.endTableRow()
                try checkSize()
            }
        }
    }
}
