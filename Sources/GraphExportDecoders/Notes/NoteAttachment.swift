/// What a note shows in place of one attachment character (U+FFFC), as the decoder finds the
/// attachment the run names.
enum NoteAttachment: Equatable {
    /// An inline attachment (a hashtag, a mention): its text, `ICInlineAttachment.altText`
    /// (`#tag`, `@Name`).
    case inline(String)
    /// A table: its cells (``NoteTable``), and its object's id and label (its title or, without
    /// one, its type) for a link to it where the note names it again.
    case table(NoteTable, id: String, label: String)
    /// Any other attachment (an image, a file, a drawing, a link card): a reference to its
    /// object; `label` is its title or, without one, its type; `isImage` for image types.
    case object(id: String, label: String, isImage: Bool)
    /// An attachment the store does not have (or a table whose cells cannot be read): its type
    /// and identifier only.
    case unknown(AttachmentReference)
}
