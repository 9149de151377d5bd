import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One copy read on a thread of its own, entity after entity, ahead of the merge: the objects
/// packed with their destinations into batches (``RowBatch``) handed over through a queue, a few
/// batches that go back and forth, so that memory stays bounded whatever the store's size and no
/// value costs an allocation on the way. ``GraphDiff`` reads the two copies so when asked to
/// (``GraphDiff/init(old:new:keys:readsInParallel:)``) and every entity is matched by row.
///
/// The source is used by that thread alone, except for ``GraphExport/GraphSource/id(of:)`` of
/// objects matched by row, which ``GraphExport/ComparableSource`` says may be asked meanwhile.
final class ReadAhead: @unchecked Sendable {
    /// Objects per batch, and batches in use at most (filled, being filled, being read).
    private static let batchSize = 256
    private static let batchLimit = 6

    let side: DiffSide
    private let plans: [EntityPlan]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a batch is queued or the thread ends, and when a batch comes back or the
    /// reading is stopped.
    private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let returned = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    /// Whether the thread was started, and is to be joined.
    private var hasThread = false
    // Guarded by `mutex`:
    private var queue: [RowBatch] = []
    /// Emptied batches, for the thread to fill again, and how many batches exist.
    private var spare: [RowBatch] = []
    private var batches = 0
    private var isDone = false
    private var isStopped = false
    private var failure: (any Error)?
    // The merge's own, on its thread: the batch being read and the next slot in it.
    private var current: RowBatch?
    private var position = 0

    /// Starts reading the objects of `plans`' entities, in that order, from `side`.
    init(side: DiffSide, plans: [EntityPlan]) {
        self.side = side
        self.plans = plans
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(queued, nil)
        pthread_cond_init(returned, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                let reader = Unmanaged<ReadAhead>.fromOpaque(context!).takeRetainedValue()
                reader.read()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ReadAhead>.fromOpaque(context).release()
            failure = DiffError.cannotStartThread(code: status)
            isDone = true
            return
        }
        hasThread = true
    }

    deinit {
        pthread_cond_destroy(returned)
        pthread_cond_destroy(queued)
        pthread_mutex_destroy(mutex)
        returned.deallocate()
        queued.deallocate()
        mutex.deallocate()
    }

    /// The batch and the slot of the next object or entity end, waiting for the thread to read
    /// it; `nil` once everything was handed over. The batch read before is given back. Rethrows
    /// what stopped the thread.
    func next() throws -> (batch: RowBatch, slot: Int)? {
        if let current, position < current.slots.count {
            defer { position += 1 }
            return (current, position)
        }
        pthread_mutex_lock(mutex)
        if let current {
            current.removeAll()
            spare.append(current)
            pthread_cond_signal(returned)
        }
        while queue.isEmpty && !isDone { pthread_cond_wait(queued, mutex) }
        let next = queue.isEmpty ? nil : queue.removeFirst()
        let failure = self.failure
        pthread_mutex_unlock(mutex)
        current = next
        guard let next else {
            if let failure { throw failure }
            return nil
        }
        position = 1
        return (next, 0)
    }

    /// Stops the thread, wherever it is, and waits for it to end; what it read and was not taken
    /// is dropped. Called once, when the merge is done or failed.
    func stop() {
        pthread_mutex_lock(mutex)
        isStopped = true
        pthread_cond_signal(returned)
        pthread_mutex_unlock(mutex)
        if hasThread { pthread_join(thread, nil) }
    }

    /// The thread's work: every entity's objects, in batches, each entity followed by its end.
    private func read() {
        do {
            guard var batch = emptyBatch() else { return }
            for plan in plans {
                let reader = try SideReader(side: side, plan: plan)
                try reader.advance()
                while let record = reader.record {
                    batch.append(record, destinations: reader.destinations)
                    if batch.slots.count >= Self.batchSize {
                        guard hand(over: batch), let empty = emptyBatch() else { return }
                        batch = empty
                    }
                    try reader.advance()
                }
                batch.appendEnd()
            }
            _ = hand(over: batch)
            end(failure: nil)
        } catch {
            end(failure: error)
        }
    }

    /// A batch to fill: one given back, or a new one while there are fewer than the limit;
    /// waits for one otherwise. `nil` when the reading was stopped.
    private func emptyBatch() -> RowBatch? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while spare.isEmpty && batches >= Self.batchLimit && !isStopped { pthread_cond_wait(returned, mutex) }
        guard !isStopped else { return nil }
        if let batch = spare.popLast() { return batch }
        batches += 1
        return RowBatch()
    }

    /// Queues a filled batch; `false` when the reading was stopped.
    private func hand(over batch: RowBatch) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !isStopped else { return false }
        queue.append(batch)
        pthread_cond_signal(queued)
        return true
    }

    private func end(failure: (any Error)?) {
        pthread_mutex_lock(mutex)
        self.failure = failure
        isDone = true
        pthread_cond_signal(queued)
        pthread_mutex_unlock(mutex)
    }
}

/// The merge's end of a ``ReadAhead``, for one entity: its objects as the thread read them, the
/// values borrowed from the batch they came in, each unpacked only when asked for.
final class QueuedFeed: ObjectFeed {
    private let reader: ReadAhead
    private(set) var key: ObjectKey?
    private(set) var packed: UnsafeRawBufferPointer?
    /// Always empty: a copy is read ahead only when every entity is matched by row.
    let identity: [KeyValue] = []
    /// Where the current object is, and whether it was unpacked into the arrays below.
    private var place: (batch: RowBatch, offset: Int)?
    private var isUnpacked = false
    private var unpacked: BorrowedRecord?
    private var values: [RowValue] = []
    private var toOne: [ObjectKey?] = []
    private var unpackedDestinations: [[ObjectKey]] = []

    init(_ reader: ReadAhead) {
        self.reader = reader
    }

    var side: DiffSide { reader.side }

    /// The current object, unpacked.
    var record: BorrowedRecord? {
        unpack()
        return unpacked
    }

    /// The current object's destinations, unpacked.
    var destinations: [[ObjectKey]] {
        unpack()
        return unpackedDestinations
    }

    /// Takes the next object of the entity, or ends at the entity's end.
    func advance() throws {
        (key, packed, place, unpacked, isUnpacked) = (nil, nil, nil, nil, false)
        guard let (batch, slot) = try reader.next(), let offset = batch.slots[slot] else { return }
        (key, packed, place) = (batch.key(at: offset), batch.bytes(of: slot), (batch, offset))
    }

    private func unpack() {
        guard !isUnpacked, let place else { return }
        isUnpacked = true
        let key = place.batch.read(
            at: place.offset, values: &values, toOne: &toOne, destinations: &unpackedDestinations)
        unpacked = BorrowedRecord(key: key, values: values, toOne: toOne)
    }
}
