public import GraphExport
import GraphExportInflate

/// The Apple Notes decoder: `ICNoteData.data`, a gzip stream of a protocol-buffer document, as
/// the note's `text` (plain) and `markdown` (``NoteMarkdown``; docs/NOTES.md).
///
/// It claims `ICNoteData.data` in a model that also has `ICNote` and `ICAttachment` (the Notes
/// app's). Tables come from their `ICAttachment`'s `mergeableData` (``NoteTable``), hashtags and
/// mentions from their `ICInlineAttachment`'s `altText`, other attachments become links to their
/// `ICAttachment` object's id. A password-protected note's data is encrypted (it has no gzip
/// header): it keeps its bytes, with one warning for all such notes. Any other value that cannot
/// be read (damaged gzip, more than ``maximumInflatedSize`` bytes inflated, a malformed document,
/// text and Markdown past ``outputLimit``) keeps its bytes, with a warning naming the object.
/// Each attachment is looked up once a note; a table the note names again is written once, with
/// a warning.
public final class NotesDecoder: AttributeDecoder {
    /// The most bytes one note's data or one table's data may inflate to.
    public static let maximumInflatedSize = 64 << 20
    /// The most a note's text and Markdown may be together: ``DecoderOutputLimit/standard``, for
    /// the bytes of the note's data inflated and of each attachment it shows (a table's data
    /// inflated, a title, a hashtag's text), each counted once.
    public static let outputLimit = DecoderOutputLimit.standard

    /// `notes`.
    public let name = "notes"
    /// What it decodes.
    public let summary = "Apple Notes: ICNoteData.data as the note's text and Markdown"
    /// `ICNoteData.data`, in a model with `ICNote` and `ICAttachment`.
    public let claims = [
        DecoderClaim(entity: "ICNoteData", attribute: "data", modelEntities: ["ICNote", "ICAttachment"])
    ]
    /// The attachments, for tables, hashtags and mentions.
    public let lookedUpEntities = ["ICAttachment", "ICInlineAttachment"]
    /// `text` and `markdown`, both strings.
    public let outputs = [
        AttributeInfo(name: "text", type: .string, isOptional: true),
        AttributeInfo(name: "markdown", type: .string, isOptional: true),
    ]

    /// The buffers every note is rendered in.
    private var workspace = NoteMarkdown.Workspace()

    /// Creates the decoder.
    public init() {}

    /// The note's text and Markdown.
    public func decode(_ input: DecoderInput) throws(DecodingFailure) -> [Value] {
        guard input.bytes.starts(with: [0x1F, 0x8B]) else {
            if case .binary? = input.values["cryptoTag"] {
                throw DecodingFailure("is encrypted (a password-protected note)", oncePerAttribute: true)
            }
            throw DecodingFailure("is not gzip-compressed, as a note's data is (it starts with no gzip header)")
        }
        let document: NoteDocument
        // What the decoder read: the note inflated, then each attachment it finds, once.
        var inputBytes: Int
        do {
            let inflated = try Inflate.decompress(
                input.bytes, framing: .gzip, limit: Self.maximumInflatedSize, source: "the note's data")
            inputBytes = inflated.count
            document = try NoteDocument.read(noteStore: inflated)
        } catch let defect as ProtobufError {
            throw DecodingFailure("is not a note document: \(defect)")
        } catch {
            throw DecodingFailure("cannot be decompressed: \(error)")
        }
        var found: [AttachmentReference: NoteAttachment] = [:]
        /// Each attachment once: what it shows, its bytes counted in what the decoder read.
        func find(_ reference: AttachmentReference) -> NoteAttachment {
            if let known = found[reference] { return known }
            let attachment: NoteAttachment
            do {
                let (read, size) = try Self.attachment(reference, lookup: input.lookup)
                attachment = read
                inputBytes += size
            } catch {
                input.warn(
                    "the attachment \(reference.identifier) (\(reference.typeUTI)) cannot be read: \(error); the "
                        + "Markdown links to it instead")
                attachment = .unknown(reference)
            }
            found[reference] = attachment
            return attachment
        }
        let rendering: NoteMarkdown
        do {
            rendering = try NoteMarkdown(
                document, workspace: &workspace, maximumSize: { Self.outputLimit.maximum(forInputBytes: inputBytes) },
                attachment: find)
        } catch {
            throw Self.outputLimit.exceeded(maximum: error.maximum, inputBytes: inputBytes)
        }
        if !rendering.runsCoverText {
            input.warn("the note's attribute runs do not cover its text exactly; the rest is written as plain text")
        }
        for table in rendering.repeatedTables {
            input.warn(
                "the note names the table \(table.id) \(table.count) times; it is written once, and its other "
                    + "\(table.count - 1) places are links to it")
        }
        return [.string(rendering.text), .string(rendering.markdown)]
    }

    /// What the note shows for the attachment `reference` names, and how many bytes were read
    /// for it (a table's data inflated, a title, an inline attachment's text).
    static func attachment(_ reference: AttachmentReference, lookup: any ObjectLookup) throws -> (
        attachment: NoteAttachment, inputBytes: Int
    ) {
        if reference.typeUTI.hasPrefix("com.apple.notes.inlinetextattachment") {
            guard
                let inline = try lookup.object(
                    of: "ICInlineAttachment", where: "identifier", is: reference.identifier),
                case .string(let text)? = inline.value(of: "altText")
            else { return (.unknown(reference), 0) }
            return (.inline(text), text.utf8.count)
        }
        guard let object = try lookup.object(of: "ICAttachment", where: "identifier", is: reference.identifier) else {
            return (.unknown(reference), 0)
        }
        let title: String
        if case .string(let text)? = object.value(of: "title"), !text.isEmpty {
            title = text
        } else {
            title = reference.typeUTI
        }
        if reference.typeUTI == "com.apple.notes.table" {
            guard case .binary(let bytes)? = object.value(of: "mergeableData") else { return (.unknown(reference), 0) }
            let inflated = try Inflate.decompress(
                bytes, framing: .gzip, limit: maximumInflatedSize, source: "the table's mergeable data")
            let table = try NoteTable(mergeableData: inflated)
            return (.table(table, id: object.id.text, label: title), inflated.count + title.utf8.count)
        }
        return (.object(id: object.id.text, label: title, isImage: isImage(reference.typeUTI)), title.utf8.count)
    }

    /// Whether a type is an image's (`public.jpeg`, `public.png`, `public.heic`, …).
    private static func isImage(_ typeUTI: String) -> Bool {
        [
            "public.jpeg", "public.png", "public.heic", "public.heif", "public.tiff", "com.compuserve.gif",
            "public.image",
        ]
        .contains(typeUTI)
    }
}
