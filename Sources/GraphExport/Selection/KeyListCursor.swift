/// A cursor over the objects of a list of keys, each read with ``GraphSource/record(_:)``;
/// keys of objects that do not exist are passed over.
final class KeyListCursor: ObjectCursor {
    private let keys: [ObjectKey]
    private let source: any GraphSource
    private var position = 0

    init(keys: [ObjectKey], source: any GraphSource) {
        self.keys = keys
        self.source = source
    }

    func nextBorrowed() throws -> BorrowedRecord? {
        while position < keys.count {
            let key = keys[position]
            position += 1
            if let record = try source.record(key) { return BorrowedRecord(record) }
        }
        return nil
    }
}
