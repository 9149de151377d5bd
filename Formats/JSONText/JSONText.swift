package import GraphExport

/// The JSON text of strings and values, hand-written (no library escapes JSON): the one encoding
/// that the JSON and JSON Lines writers and the plugin event stream share, byte for byte.
package enum JSONText {
    /// Something about a value that JSON could not hold as such, and that a writer warns about.
    package enum Issue: Sendable, Hashable {
        /// A double was NaN or infinite, written as a string.
        case nonFiniteNumber
        /// A date had no ISO 8601 form, written as seconds since 2001.
        case dateWithoutISO8601
    }

    /// Appends `text` as a JSON string, quotes included.
    ///
    /// Escapes what RFC 8259 requires (`"`, `\`, U+0000–U+001F, with the short forms `\b`, `\t`,
    /// `\n`, `\f`, `\r` where JSON has them and `\u00XX` otherwise), and U+007F, U+2028 and U+2029
    /// so that the output is also safe to embed in JavaScript; every other byte is copied as is.
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string, quotes included, as ``appendString(_:to:)-([UInt8])``
    /// appends it to an array.
    package static func appendString(_ text: String, to output: inout ByteBuffer) {
        var text = text
        text.withUTF8 { appendString(utf8: UnsafeRawBufferPointer($0), to: &output) }
    }

    /// Appends the JSON array of the keys that stand for the properties `names`
    /// (``MarkerEscape/key(for:)``), in order: the value of an object's `"@changed"`.
    package static func appendKeyList(_ names: [String], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, name) in names.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendString(MarkerEscape.key(for: name), to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Appends `value` as JSON and tells what, if anything, could not be written as such.
    ///
    /// Null is `null`; integers exact digits; doubles by ``appendNumber(_:to:)``; decimals, strings
    /// and URIs strings of their text; booleans `true`/`false`; dates ISO 8601 strings in UTC
    /// (``Timestamp/iso8601``), or their seconds since 2001-01-01T00:00:00Z by the double rule when
    /// they have no such form; binary values base64 strings; UUIDs their canonical lowercase text;
    /// arrays JSON arrays and maps JSON objects (no spaces), their values by these rules and their
    /// keys by ``MarkerEscape/key(for:)``, so that a map's key never looks like an `@id` marker.
    ///
    /// A ``Value/binaryFile(_:)`` value needs ``appendValue(_:to:splicing:)``: given one, this
    /// traps.
    @discardableResult
    package static func appendValue(_ value: Value, to output: inout [UInt8]) -> Issue? {
        var splices = FileSplices()
        let issue = appendValue(value, to: &output, splicing: &splices)
        precondition(splices.isEmpty, "JSONText.appendValue(_:to:) was given a file: use appendValue(_:to:splicing:)")
        return issue
    }

    /// Appends `value` as JSON as ``appendValue(_:to:)`` does, except that the bytes of a
    /// ``Value/binaryFile(_:)`` value are not read: its string's quotes are appended and the place
    /// between them recorded in `splices`, where ``FileSplices/write(_:to:)`` streams the base64
    /// text when the output is handed on. With `escapingKeys` false, a map's keys are written as
    /// they are, for output that has no `@` markers (the plugin event stream).
    @discardableResult
    package static func appendValue(
        _ value: Value,
        to output: inout [UInt8],
        splicing splices: inout FileSplices,
        escapingKeys: Bool = true
    ) -> Issue? {
        switch value {
        case .null:
            output.append(contentsOf: Bytes.null)
        case .integer(let integer):
            appendInteger(integer, to: &output)
        case .double(let double):
            return appendNumber(double, to: &output) ? nil : .nonFiniteNumber
        case .decimal(let text), .string(let text), .uri(let text):
            appendString(text, to: &output)
        case .boolean(let boolean):
            output.append(contentsOf: boolean ? Bytes.true : Bytes.false)
        case .date(let timestamp):
            output.append(UInt8(ascii: "\""))
            guard timestamp.appendISO8601(to: &output) else {
                output.removeLast()
                appendNumber(timestamp.secondsSinceReferenceDate, to: &output)
                return .dateWithoutISO8601
            }
            output.append(UInt8(ascii: "\""))
        case .binary(let bytes):
            output.append(UInt8(ascii: "\""))
            Base64.encode(bytes, into: &output)
            output.append(UInt8(ascii: "\""))
        case .binaryFile(let file):
            output.append(UInt8(ascii: "\""))
            splices.insert(file, at: output.count)
            output.append(UInt8(ascii: "\""))
        case .uuid(let uuid):
            output.append(UInt8(ascii: "\""))
            uuid.appendText(to: &output)
            output.append(UInt8(ascii: "\""))
        case .array(let elements):
            var issue: Issue?
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                issue = appendValue(element, to: &output, splicing: &splices, escapingKeys: escapingKeys) ?? issue
            }
            output.append(UInt8(ascii: "]"))
            return issue
        case .map(let map):
            var issue: Issue?
            output.append(UInt8(ascii: "{"))
            for (index, entry) in map.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendString(escapingKeys ? MarkerEscape.key(for: entry.key) : entry.key, to: &output)
                output.append(UInt8(ascii: ":"))
                issue = appendValue(entry.value, to: &output, splicing: &splices, escapingKeys: escapingKeys) ?? issue
            }
            output.append(UInt8(ascii: "}"))
            return issue
        }
        return nil
    }

    /// Appends a value of a row (``RowValue``) as ``appendValue(_:to:splicing:escapingKeys:)``
    /// appends the same value: text and bytes straight from the lent buffer.
    @discardableResult
    package static func appendValue(
        _ value: RowValue, to output: inout [UInt8], splicing splices: inout FileSplices
    ) -> Issue? {
        switch value {
        case .text(let bytes):
            appendString(utf8: bytes, to: &output)
        case .bytes(let bytes):
            output.append(UInt8(ascii: "\""))
            Base64.encode(bytes, into: &output)
            output.append(UInt8(ascii: "\""))
        case .integer(let integer):
            appendInteger(integer, to: &output)
        default:
            return appendValue(value.value, to: &output, splicing: &splices)
        }
        return nil
    }

    /// Appends `value` as JSON as ``appendValue(_:to:splicing:escapingKeys:)`` appends it to an
    /// array: strings, integers, booleans, null, UUIDs, binary values and files straight into the
    /// buffer, the rest through the buffer's array.
    @discardableResult
    package static func appendValue(
        _ value: Value, to output: inout ByteBuffer, splicing splices: inout FileSplices
    ) -> Issue? {
        switch value {
        case .null:
            output.append(Bytes.null)
        case .integer(let integer):
            appendInteger(integer, to: &output)
        case .decimal(let text), .string(let text), .uri(let text):
            appendString(text, to: &output)
        case .boolean(let boolean):
            output.append(boolean ? Bytes.true : Bytes.false)
        case .binary(let bytes):
            bytes.withUnsafeBytes { appendBase64String($0, to: &output) }
        case .binaryFile(let file):
            output.append(UInt8(ascii: "\""))
            splices.insert(file, at: output.count)
            output.append(UInt8(ascii: "\""))
        case .uuid(let uuid):
            output.reserve(38)
            output.appendReserved(UInt8(ascii: "\""))
            uuid.appendText(to: &output)
            output.appendReserved(UInt8(ascii: "\""))
        case .double, .date, .array, .map:
            let offset = output.count
            var arraySplices = FileSplices()
            let issue = output.appendThroughArray { appendValue(value, to: &$0, splicing: &arraySplices) }
            arraySplices.move(from: 0, to: &splices, at: offset)
            return issue
        }
        return nil
    }

    /// Appends a value of a row (``RowValue``) as ``appendValue(_:to:splicing:escapingKeys:)``
    /// appends the same value: text and bytes straight from the lent buffer.
    @discardableResult
    package static func appendValue(
        _ value: RowValue, to output: inout ByteBuffer, splicing splices: inout FileSplices
    ) -> Issue? {
        switch value {
        case .text(let bytes):
            appendString(utf8: bytes, to: &output)
        case .bytes(let bytes):
            appendBase64String(bytes, to: &output)
        case .integer(let integer):
            appendInteger(integer, to: &output)
        case .null:
            output.append(Bytes.null)
        case .boolean(let boolean):
            output.append(boolean ? Bytes.true : Bytes.false)
        case .other(let value):
            return appendValue(value, to: &output, splicing: &splices)
        case .double, .date:
            return output.appendThroughArray { appendValue(value, to: &$0, splicing: &splices) }
        }
        return nil
    }

    /// Appends the base64 text of `bytes` as a JSON string.
    private static func appendBase64String(_ bytes: UnsafeRawBufferPointer, to output: inout ByteBuffer) {
        output.append(UInt8(ascii: "\""))
        Base64.encode(bytes, into: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the exact decimal digits of `value`, with a minus sign when negative.
    package static func appendInteger(_ value: Int64, to output: inout ByteBuffer) {
        output.append(upTo: IntegerDigits.maximumCount) { IntegerDigits.write(value, into: $0, at: 0) }
    }

    /// Appends the exact decimal digits of `value`, with a minus sign when negative.
    package static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        // Made in a stack buffer and appended in one go: one capacity check, not one per digit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerDigits.maximumCount) { digits in
            output.append(contentsOf: digits[..<IntegerDigits.write(value, into: digits, at: 0)])
        }
    }

    /// Appends `value` as the shortest number text that reads back to the same bits (`0.1`,
    /// `1e-05`, `-0.0`, `5e+20`, all valid JSON numbers), or NaN and the infinities as the strings
    /// `"NaN"`, `"Infinity"` and `"-Infinity"`.
    ///
    /// - Returns: Whether `value` was finite, that is, written as a number.
    @discardableResult
    package static func appendNumber(_ value: Double, to output: inout [UInt8]) -> Bool {
        if value.isFinite {
            output.append(contentsOf: value.description.utf8)
            return true
        }
        if value.isNaN {
            output.append(contentsOf: Bytes.nan)
        } else {
            output.append(contentsOf: value < 0 ? Bytes.negativeInfinity : Bytes.infinity)
        }
        return false
    }

    /// Appends valid UTF-8 `bytes` as a JSON string, quotes included, escaped as
    /// ``appendString(_:to:)`` escapes text.
    package static func appendString(utf8 bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendEscaped(bytes.assumingMemoryBound(to: UInt8.self), to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 `bytes` as a JSON string, quotes included, as
    /// ``appendString(utf8:to:)-([UInt8])`` appends them to an array: the room for the longest
    /// escaped text reserved once, for a long text once per piece.
    package static func appendString(utf8 bytes: UnsafeRawBufferPointer, to output: inout ByteBuffer) {
        let bytes = bytes.assumingMemoryBound(to: UInt8.self)
        guard bytes.count <= pieceLength else {
            output.append(UInt8(ascii: "\""))
            forEachPiece(of: bytes) { piece in
                output.append(upTo: maximumEscapedCount(piece.count)) { writeEscaped(piece, to: $0.baseAddress!) }
            }
            output.append(UInt8(ascii: "\""))
            return
        }
        output.append(upTo: maximumEscapedCount(bytes.count) + 2) { destination in
            destination[0] = UInt8(ascii: "\"")
            let end = 1 + writeEscaped(bytes, to: destination.baseAddress! + 1)
            destination[end] = UInt8(ascii: "\"")
            return end + 1
        }
    }

    /// The most bytes the escaped text of `count` bytes takes: six (`\u00XX`) for each.
    private static func maximumEscapedCount(_ count: Int) -> Int { 6 * count }

    /// How many bytes of a long text are escaped at a time, so that the room reserved for the
    /// escaped text stays small whatever the text's length.
    private static let pieceLength = 4096

    /// Calls `body` with the pieces of `bytes`, each of at most ``pieceLength`` bytes, cut between
    /// characters, so that each piece escapes as it would within the whole.
    private static func forEachPiece(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
    {
        var start = 0
        while bytes.count - start > pieceLength {
            var end = start + pieceLength
            // Back to the first byte of a character: continuation bytes are 10xxxxxx.
            while end > start + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
        body(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Appends valid UTF-8 `bytes` with JSON string escapes (``writeEscaped(_:to:)``), piece by piece.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        forEachPiece(of: bytes) { piece in
            guard !piece.isEmpty else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumEscapedCount(piece.count)) { escaped in
                output.append(contentsOf: escaped[..<writeEscaped(piece, to: escaped.baseAddress!)])
            }
        }
    }

    /// Writes valid UTF-8 `bytes` with JSON string escapes at `destination`, which has room for
    /// ``maximumEscapedCount(_:)`` bytes, copying runs that need none in one go; returns how many
    /// bytes it wrote.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        var written = 0
        func copy(_ piece: UnsafeBufferPointer<UInt8>) {
            guard let source = piece.baseAddress else { return }
            (destination + written).update(from: source, count: piece.count)
            written += piece.count
        }
        var runStart = 0
        var index = 0
        while true {
            index = ByteWord.skipOrdinaryWords(in: bytes, from: index, where: needsNoEscape)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            // 0xE2 leads U+2028 and U+2029 (E2 80 A8, E2 80 A9) as well as other characters.
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 else {
                index += 1
                continue
            }
            var length = 1
            let escape: [UInt8]
            switch byte {
            case 0x22: escape = Bytes.escapedQuote
            case 0x5C: escape = Bytes.escapedBackslash
            case 0x7F: escape = Bytes.escapedDelete
            case 0xE2:
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                escape = bytes[index + 2] == 0xA8 ? Bytes.escapedLineSeparator : Bytes.escapedParagraphSeparator
                length = 3
            default: escape = Bytes.escapedControls[Int(byte)]
            }
            copy(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            escape.withUnsafeBufferPointer(copy)
            index += length
            runStart = index
        }
        copy(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        return written
    }

    /// Whether none of the 8 bytes of `word` is one that ``writeEscaped(_:to:)`` looks at:
    /// below 0x20, `"`, `\`, 0x7F or 0xE2.
    @inline(__always)
    private static func needsNoEscape(_ word: ByteWord) -> Bool {
        !(word.containsByte(below: 0x20) || word.contains(0x22) || word.contains(0x5C) || word.contains(0x7F)
            || word.contains(0xE2))
    }

    /// The byte sequences JSON text is made of, computed once.
    private enum Bytes {
        static let null = Array("null".utf8)
        static let `true` = Array("true".utf8)
        static let `false` = Array("false".utf8)
        static let nan = Array(#""NaN""#.utf8)
        static let infinity = Array(#""Infinity""#.utf8)
        static let negativeInfinity = Array(#""-Infinity""#.utf8)

        static let escapedQuote = Array(#"\""#.utf8)
        static let escapedBackslash = Array(#"\\"#.utf8)
        static let escapedDelete = Array(#"\u007f"#.utf8)
        static let escapedLineSeparator = Array(#"\u2028"#.utf8)
        static let escapedParagraphSeparator = Array(#"\u2029"#.utf8)

        /// The escape of each control character U+0000–U+001F: the short form where JSON has one,
        /// `\u00XX` otherwise.
        static let escapedControls: [[UInt8]] = (0..<0x20).map { code in
            switch code {
            case 0x08: return Array(#"\b"#.utf8)
            case 0x09: return Array(#"\t"#.utf8)
            case 0x0A: return Array(#"\n"#.utf8)
            case 0x0C: return Array(#"\f"#.utf8)
            case 0x0D: return Array(#"\r"#.utf8)
            default:
                let hex = Array("0123456789abcdef".utf8)
                return Array(#"\u00"#.utf8) + [hex[code >> 4], hex[code & 0xF]]
            }
        }
    }
}
