/// A note's text and its attribute runs, as Apple Notes keeps them (docs/NOTES.md): the
/// gunzipped `ICNoteData.data` is a `NoteStoreProto` whose field 2 is a `Document`, whose field 3
/// is a `Note`: `note_text` (2) and the repeated `attribute_run` (5) that cover the text in order.
/// A table cell is a `Note` too (``NoteTable``).
struct NoteDocument: Equatable {
    /// The note's text (`note_text`).
    let text: String
    /// The attribute runs, in order (`attribute_run`).
    let runs: [NoteRun]

    /// The document of a gunzipped `ICNoteData.data`.
    static func read(noteStore bytes: [UInt8]) throws(ProtobufError) -> NoteDocument {
        let document = try ProtobufMessage(bytes).required(2, in: "NoteStoreProto").message()
        return try read(note: document.required(3, in: "Document").message())
    }

    /// A `Note` message: its text (absent is empty) and its runs.
    static func read(note: ProtobufMessage) throws(ProtobufError) -> NoteDocument {
        var text = ""
        var runs: [NoteRun] = []
        try note.forEachField { field throws(ProtobufError) in
            switch field.number {
            case 2: text = try field.text()
            case 5: runs.append(try NoteRun(try field.message()))
            default: break
            }
        }
        return NoteDocument(text: text, runs: runs)
    }
}

/// One `AttributeRun`: how `length` UTF-16 code units of the note's text look.
struct NoteRun: Equatable {
    /// How many UTF-16 code units of the text the run covers (`length`, field 1).
    var length: Int
    /// The style of the paragraph the run is in (`paragraph_style`, field 2).
    var paragraph = ParagraphStyle()
    /// `font_weight` (field 5): 1 bold, 2 italic, 3 both; 0 plain.
    var fontWeight = 0
    /// `underlined` (field 6) is not 0.
    var underlined = false
    /// `strikethrough` (field 7) is not 0.
    var strikethrough = false
    /// `link` (field 9): the URL the run links to.
    var link: String?
    /// `attachment_info` (field 12): the attachment the run's one character (U+FFFC) stands for.
    var attachment: AttachmentReference?

    /// Whether the run is bold (`font_weight` 1 or 3).
    var isBold: Bool { fontWeight == 1 || fontWeight == 3 }
    /// Whether the run is italic (`font_weight` 2 or 3).
    var isItalic: Bool { fontWeight == 2 || fontWeight == 3 }

    /// A run of `length` code units with the given style.
    init(length: Int, paragraph: ParagraphStyle = ParagraphStyle()) {
        self.length = length
        self.paragraph = paragraph
    }

    /// The run an `AttributeRun` message holds.
    init(_ message: ProtobufMessage) throws(ProtobufError) {
        var run = NoteRun(length: -1)
        try message.forEachField { field throws(ProtobufError) in
            switch field.number {
            case 1:
                let length = try field.integer()
                guard length <= UInt64(Int32.max) else {
                    throw .outOfRange("an attribute run is \(length) characters long")
                }
                run.length = Int(length)
            case 2: run.paragraph = try ParagraphStyle(try field.message())
            case 5: run.fontWeight = Int(truncatingIfNeeded: try field.integer())
            case 6: run.underlined = try field.integer() != 0
            case 7: run.strikethrough = try field.integer() != 0
            case 9: run.link = try field.text()
            case 12: run.attachment = try AttachmentReference(try field.message())
            default: break
            }
        }
        guard run.length >= 0 else { throw .missingField(message: "AttributeRun", field: 1) }
        self = run
    }
}

/// A `ParagraphStyle` (field 2 of a run).
struct ParagraphStyle: Equatable {
    /// `style_type` (field 1): 0 title, 1 heading, 2 subheading, 4 monospaced, 100 dotted list,
    /// 101 dashed list, 102 numbered list, 103 checklist; absent (-1) is body text.
    var styleType = -1
    /// `indent_amount` (field 4): the list level, 0 at the margin.
    var indent = 0
    /// `checklist` (field 5)'s `done` (field 2): whether a checklist item is ticked; `nil` when
    /// the style has no checklist.
    var checklistDone: Bool?
    /// `block_quote` (field 8) is not 0.
    var blockQuote = false

    /// Body text.
    init() {}

    init(_ message: ProtobufMessage) throws(ProtobufError) {
        var style = ParagraphStyle()
        try message.forEachField { field throws(ProtobufError) in
            switch field.number {
            case 1: style.styleType = Int(Int32(truncatingIfNeeded: try field.integer()))
            case 4: style.indent = Int(min(try field.integer(), 100))
            case 5: style.checklistDone = (try field.message().field(2)?.integer() ?? 0) != 0
            case 8: style.blockQuote = try field.integer() != 0
            default: break
            }
        }
        self = style
    }
}

/// An `AttachmentInfo` (field 12 of a run): which `ICAttachment` (or `ICInlineAttachment`) the
/// run's character stands for.
struct AttachmentReference: Hashable {
    /// `attachment_identifier` (field 1): the attachment's `identifier`.
    var identifier: String
    /// `type_uti` (field 2): its type (`com.apple.notes.table`, `public.jpeg`,
    /// `com.apple.notes.inlinetextattachment.hashtag`).
    var typeUTI: String

    init(identifier: String, typeUTI: String) {
        self.identifier = identifier
        self.typeUTI = typeUTI
    }

    init(_ message: ProtobufMessage) throws(ProtobufError) {
        identifier = try message.field(1)?.text() ?? ""
        typeUTI = try message.field(2)?.text() ?? ""
    }
}
