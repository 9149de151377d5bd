import GraphExportSQLite

/// The destinations of one to-many relationship for a window of source keys, read with one range
/// query and answered from memory: the tree shape asks object by object, in an order no merge
/// join can follow, but objects written near each other (the items of one page) usually have
/// nearby keys, so one query serves many of them instead of one query each.
///
/// The statement selects `source, destination Z_PK` for sources in
/// `[?1, ?2)`, ordered by source and then in the relationship's own order, with a `LIMIT` of
/// ``rowLimit`` + 1: memory stays bounded whatever the links. When the limit cuts a source's
/// rows, the window ends before that source; when the first source alone has more rows than the
/// limit, or the source comes before the part of its window that fits, ``rows(of:)`` answers
/// `nil` (ask the one-source query).
///
/// When keys are scattered (objects numbered in creation order, the items of one page spread
/// over the whole table), a window serves few lookups before it is replaced, and a refill reads
/// hundreds of rows for one answer. After ``trialFills`` fills, a window that has served fewer
/// than ``minimumLookupsPerFill`` lookups per fill stops reading (``rows(of:)`` answers `nil`
/// from then on): a one-source query on the relationship's index costs one seek.
final class DestinationWindow {
    /// How many consecutive source keys one query covers; windows start at multiples of it.
    static let width: Int64 = 256
    /// How many rows one window holds at most.
    static let rowLimit = 4096
    /// How many windows are kept, so that objects straddling a window boundary, asked for in
    /// an order of their own, do not read the same windows over and over.
    static let windowCount = 4
    /// How many fills a window gets before it is judged.
    static let trialFills = 16
    /// How many lookups a fill must serve on average for the window to go on reading.
    static let minimumLookupsPerFill = 16

    private typealias Row = (source: Int64, destination: Int64)

    /// The rows of the sources in `[start, end)`, complete.
    private struct Window {
        var start: Int64
        var end: Int64
        var rows: [Row]
    }

    private let statement: SQLiteStatement
    private var windows: [Window] = []
    /// The window to replace next when all are in use.
    private var nextVictim = 0
    private var fills = 0
    private var lookups = 0
    /// Whether the window has stopped reading, its keys too scattered to be worth it.
    private var isAbandoned = false

    init(statement: SQLiteStatement) {
        self.statement = statement
    }

    /// The destination `Z_PK`s of `source`, in order; `nil` when the source has too many to hold.
    func rows(of source: Int64) throws -> [Int64]? {
        guard !isAbandoned else { return nil }
        lookups += 1
        let slot: Int
        if let held = windows.firstIndex(where: { source >= $0.start && source < $0.end }) {
            slot = held
        } else {
            guard isWorthFilling() else { return nil }
            slot = try fill(around: source)
        }
        let rows = windows[slot].rows
        guard source >= windows[slot].start, source < windows[slot].end else { return nil }
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].source < source { low = middle + 1 } else { high = middle }
        }
        var found: [Int64] = []
        while low < rows.count && rows[low].source == source {
            found.append(rows[low].destination)
            low += 1
        }
        return found
    }

    /// Reads the window that holds `source` into a slot and returns the slot.
    /// Counts a fill about to happen; abandons the window when its fills so far served too few
    /// lookups.
    private func isWorthFilling() -> Bool {
        fills += 1
        if fills > Self.trialFills && lookups < fills * Self.minimumLookupsPerFill {
            isAbandoned = true
            windows = []
        }
        return !isAbandoned
    }

    private func fill(around source: Int64) throws -> Int {
        let aligned = source - ((source % Self.width) + Self.width) % Self.width
        let (limit, overflow) = aligned.addingReportingOverflow(Self.width)
        // A window cut short by the row limit is followed by one that starts at the source.
        let isPastACut = windows.contains { $0.start <= source && $0.end <= source && $0.start >= aligned }
        var window = Window(start: isPastACut ? source : aligned, end: overflow ? Int64.max : limit, rows: [])
        statement.reset()
        defer { statement.reset() }
        try statement.bind(window.start, at: 1)
        try statement.bind(window.end, at: 2)
        while try statement.step() {
            window.rows.append((statement.int64(at: 0), statement.int64(at: 1)))
        }
        if window.rows.count > Self.rowLimit {
            // The last source's rows may be cut: the window ends before it.
            window.end = window.rows[window.rows.count - 1].source
            while let last = window.rows.last, last.source >= window.end { window.rows.removeLast() }
        }
        if windows.count < Self.windowCount {
            windows.append(window)
            return windows.count - 1
        }
        let slot = nextVictim
        nextVictim = (nextVictim + 1) % Self.windowCount
        windows[slot] = window
        return slot
    }
}
