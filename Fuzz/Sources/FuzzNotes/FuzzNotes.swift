@testable import GraphExportDecoders

/// The Apple Notes decoder's readers: an input is the gunzipped bytes of an `ICNoteData.data` (a
/// `NoteStoreProto`) or of a table's `mergeableData` (a `MergableDataProto`). Both readers run on
/// every input, and a note's table attachments are read from the same bytes, so that the
/// Markdown of every run and table is made too, within the decoder's output limit (the bytes
/// counted twice: once as the note, once as its table).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotes(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let table = try? NoteTable(mergeableData: bytes)
    if let document = try? NoteDocument.read(noteStore: bytes) {
        var workspace = NoteMarkdown.Workspace()
        _ = try? NoteMarkdown(
            document, workspace: &workspace,
            maximumSize: { NotesDecoder.outputLimit.maximum(forInputBytes: 2 * bytes.count) },
            attachment: { reference in
                table.map { .table($0, id: reference.identifier, label: reference.typeUTI) }
                    ?? .object(id: reference.identifier, label: reference.typeUTI, isImage: false)
            })
    }
    return 0
}
