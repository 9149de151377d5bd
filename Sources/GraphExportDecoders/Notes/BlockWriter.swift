/// Joins the blocks of a note as a CommonMark reader will read them back: a blank line between
/// blocks, a newline between the items of one list and the lines of one code block. The Markdown
/// is built as UTF-8 bytes.
///
/// - A list item is written under the nearest open item of a smaller `indent_amount`, at that
///   item's content (4 spaces, or the marker's width when wider); an item with none starts at the
///   margin, as Markdown has no indented list of its own. An empty paragraph ends the list: a list
///   of the same marker after it is kept apart by an empty HTML comment (`<!-- -->`), as
///   CommonMark advises, or a reader would join the two.
/// - Monospaced paragraphs in a row are one fenced block; an empty paragraph of another style
///   ends it.
/// - Block-quoted paragraphs in a row are one block quote, each of their lines (a code block's
///   and a list's too) behind `> `; an empty paragraph that is not quoted ends it.
/// - A line break in a paragraph (``InlineWriter``) is `\` and a newline, the next line indented
///   as the block's content; in a heading and a table cell, where a line cannot break, `<br>`.
/// - What would start another block at a line's start is escaped (`- `, `+ `, `1. `, `1) `, `=`),
///   and its first space or tab is written `&#32;` or `&#9;`, which a reader keeps (a tab would
///   otherwise start an indented code block, and leading spaces be dropped).
struct BlockWriter {
    private var output: [UInt8] = []
    /// Whether a block has been written.
    private var hasBlock = false
    /// Whether the last block is in a block quote that goes on.
    private var quoteOpen = false
    /// The items of the list being written whose nested items may follow, outermost first.
    private var items: [ListItem] = []
    /// The marker of the outermost items of the list an empty paragraph just ended, while
    /// nothing else has followed it.
    private var endedListMarker: UInt8?
    /// The lines of the monospaced block being gathered, joined by newlines.
    private var code: [UInt8] = []
    /// How many lines `code` has.
    private var codeLines = 0
    /// Whether the monospaced block being gathered is block-quoted.
    private var codeQuoted = false
    /// The columns of the table being written, how many of its rows are, and of the row's cells.
    private var tableColumns = 0
    private var tableRows = 0
    private var tableColumn = 0

    /// An item of the list being written.
    private struct ListItem {
        /// Its `indent_amount`.
        var indent: Int
        /// The column of its marker.
        var column: Int
        /// The column its text starts at, where its line breaks continue.
        var content: Int
        /// The column its nested items start at.
        var nested: Int
        /// Its marker's character: `*`, `-`, or `.` for a numbered item.
        var marker: UInt8
        /// Its number, in a numbered list.
        var number: Int
    }

    /// How many bytes it holds.
    var count: Int { output.count + code.count }

    /// Adds a paragraph of Markdown `inline` (UTF-8 bytes, a newline for each line break; empty
    /// is nothing: the rest of a paragraph a table ended).
    mutating func add(paragraph inline: [UInt8], style: ParagraphStyle) {
        var end = inline.count
        while end > 0 && inline[end - 1] == 0x0A { end -= 1 }
        guard end > 0 else { return }
        let content = inline[..<end]
        flushCode()
        switch style.styleType {
        case 0, 1, 2:
            beginBlock(quoted: style.blockQuote)
            output.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: style.styleType + 1))
            output.append(UInt8(ascii: " "))
            appendLines(content) { $0.append(contentsOf: "<br>".utf8) }
        case 100, 101, 102, 103:
            let item = beginListItem(style)
            appendLines(content) { Self.appendHardBreak(to: &$0, continuation: item.content, quoted: style.blockQuote) }
        default:
            beginBlock(quoted: style.blockQuote)
            appendLines(content) { Self.appendHardBreak(to: &$0, continuation: 0, quoted: style.blockQuote) }
        }
    }

    /// Takes note of an empty paragraph of `style`: a monospaced one is an empty line of the
    /// block; any other ends the list and the monospaced block, and, unless quoted, the quote.
    mutating func addEmptyParagraph(style: ParagraphStyle) {
        if style.styleType == 4 { return addCode([], style: style) }
        flushCode()
        if !items.isEmpty && !(100...103).contains(style.styleType) {
            endedListMarker = items[0].marker
            items.removeAll()
        }
        if !style.blockQuote { quoteOpen = false }
    }

    /// Adds one line (UTF-8 bytes) of a monospaced block; a soft return (U+2028) in it is a newline.
    mutating func addCode(_ line: [UInt8], style: ParagraphStyle) {
        if codeLines > 0 && codeQuoted != style.blockQuote { flushCode() }
        codeQuoted = style.blockQuote
        if codeLines > 0 { code.append(0x0A) }
        var index = 0
        while index < line.count {
            if line[index] == 0xE2 && index + 2 < line.count && line[index + 1] == 0x80 && line[index + 2] == 0xA8 {
                code.append(0x0A)
                index += 3
            } else {
                code.append(line[index])
                index += 1
            }
        }
        codeLines += 1
    }

    /// Begins a table block of `columns` columns, in a paragraph of `style`; its rows follow,
    /// cell by cell (``addTableCell(_:)``, ``endTableRow()``), the first the header.
    mutating func beginTable(columns: Int, style: ParagraphStyle) {
        flushCode()
        beginBlock(quoted: style.blockQuote)
        tableColumns = columns
        tableRows = 0
        tableColumn = 0
    }

    /// Adds the next cell of a table's row: its Markdown (``InlineWriter``), a line break `<br>`.
    mutating func addTableCell(_ inline: [UInt8]) {
        if tableColumn == 0 {
            if tableRows > 0 {
                output.append(0x0A)
                if quoteOpen { output.append(contentsOf: "> ".utf8) }
            }
            output.append(contentsOf: "| ".utf8)
        } else {
            output.append(contentsOf: " | ".utf8)
        }
        for byte in inline {
            if byte == 0x0A { output.append(contentsOf: "<br>".utf8) } else { output.append(byte) }
        }
        tableColumn += 1
    }

    /// Ends a table's row; the first is the header, with the separator row after it.
    mutating func endTableRow() {
        output.append(contentsOf: " |".utf8)
        if tableRows == 0 {
            output.append(0x0A)
            if quoteOpen { output.append(contentsOf: "> ".utf8) }
            output.append(UInt8(ascii: "|"))
            for _ in 0..<tableColumns { output.append(contentsOf: " --- |".utf8) }
        }
        tableRows += 1
        tableColumn = 0
    }

    /// The note's Markdown, ending in a newline unless empty.
    mutating func finish() -> String {
        flushCode()
        guard !output.isEmpty else { return "" }
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// Empties the writer for another note, keeping its buffers' capacity.
    mutating func reset() {
        output.removeAll(keepingCapacity: true)
        hasBlock = false
        quoteOpen = false
        items.removeAll(keepingCapacity: true)
        endedListMarker = nil
        code.removeAll(keepingCapacity: true)
        codeLines = 0
    }

    /// Starts a block that is not a list item: a blank line after the one before (quoted when
    /// both are in one quote).
    private mutating func beginBlock(quoted: Bool) {
        items.removeAll()
        endedListMarker = nil
        separate(quoted: quoted)
    }

    private mutating func separate(quoted: Bool) {
        if hasBlock { output.append(contentsOf: quoted && quoteOpen ? "\n>\n".utf8 : "\n\n".utf8) }
        hasBlock = true
        quoteOpen = quoted
        if quoted { output.append(contentsOf: "> ".utf8) }
    }

    /// Starts a list item of `style`, its marker written, and returns it.
    private mutating func beginListItem(_ style: ParagraphStyle) -> ListItem {
        let marker: UInt8 =
            switch style.styleType {
            case 100: UInt8(ascii: "*")
            case 102: UInt8(ascii: ".")
            default: UInt8(ascii: "-")
            }
        if quoteOpen != style.blockQuote { items.removeAll() }
        // The item last written at the column this one takes, for its number.
        var previous: ListItem?
        while let last = items.last, last.indent > style.indent { previous = items.removeLast() }
        let column: Int
        if let last = items.last, last.indent == style.indent {
            previous = items.removeLast()
            column = last.column
        } else {
            column = items.last?.nested ?? 0
        }
        if items.isEmpty && previous == nil {
            // A new list.
            if endedListMarker == marker && quoteOpen == style.blockQuote {
                separate(quoted: style.blockQuote)
                output.append(contentsOf: "<!-- -->".utf8)
            }
            separate(quoted: style.blockQuote)
        } else {
            output.append(0x0A)
            if style.blockQuote { output.append(contentsOf: "> ".utf8) }
        }
        endedListMarker = nil
        var number = 1
        if let previous, previous.column == column, previous.marker == marker { number = previous.number + 1 }
        let text: String
        switch style.styleType {
        case 100: text = "* "
        case 101: text = "- "
        case 102: text = "\(number). "
        default: text = style.checklistDone == true ? "- [x] " : "- [ ] "
        }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: column))
        output.append(contentsOf: text.utf8)
        let width = style.styleType == 102 ? text.utf8.count : 2
        let item = ListItem(
            indent: style.indent, column: column, content: column + text.utf8.count, nested: column + max(4, width),
            marker: marker, number: number)
        items.append(item)
        return item
    }

    /// Appends a block's text, each line's start guarded, `lineBreak` writing each line break.
    private mutating func appendLines(_ content: ArraySlice<UInt8>, lineBreak: (inout [UInt8]) -> Void) {
        var start = content.startIndex
        while let end = content[start...].firstIndex(of: 0x0A) {
            Self.appendGuardingLineStart(content[start..<end], to: &output)
            lineBreak(&output)
            start = end + 1
        }
        Self.appendGuardingLineStart(content[start...], to: &output)
    }

    /// Appends a hard line break: `\` and a newline, then the quote's `> ` and the indent of the
    /// block's text.
    private static func appendHardBreak(to output: inout [UInt8], continuation: Int, quoted: Bool) {
        output.append(contentsOf: "\\\n".utf8)
        if quoted { output.append(contentsOf: "> ".utf8) }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: continuation))
    }

    private mutating func flushCode() {
        guard codeLines > 0 else { return }
        let fence = repeatElement(UInt8(ascii: "`"), count: max(3, Self.longestBacktickRun(code) + 1))
        beginBlock(quoted: codeQuoted)
        output.append(contentsOf: fence)
        output.append(0x0A)
        if codeQuoted {
            // Each line behind `> ` (an empty one behind `>`).
            var start = 0
            while start <= code.count {
                let end = code[start...].firstIndex(of: 0x0A) ?? code.count
                output.append(contentsOf: end > start ? "> ".utf8 : ">".utf8)
                output.append(contentsOf: code[start..<end])
                output.append(0x0A)
                start = end + 1
            }
        } else {
            output.append(contentsOf: code)
            output.append(0x0A)
        }
        if codeQuoted { output.append(contentsOf: "> ".utf8) }
        output.append(contentsOf: fence)
        code.removeAll(keepingCapacity: true)
        codeLines = 0
    }

    /// The most backticks in a row in `body`, counting characters: a backtick that a combining
    /// mark follows is another character (rare enough to count through `String`).
    private static func longestBacktickRun(_ body: [UInt8]) -> Int {
        var longest = 0
        var current = 0
        for (index, byte) in body.enumerated() {
            guard byte != UInt8(ascii: "`") || index + 1 == body.count || body[index + 1] < 0x80 else {
                return longestBacktickRun(characters: String(decoding: body, as: UTF8.self))
            }
            current = byte == UInt8(ascii: "`") ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    private static func longestBacktickRun(characters body: String) -> Int {
        var longest = 0
        var current = 0
        for character in body {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// Appends a line of Markdown with what would start another block at its start escaped
    /// (`- `, `+ `, `1. `, `1) `, `=`) and its first space or tab a character reference. The
    /// test is on characters: where the ASCII character tested is followed by a non-ASCII byte
    /// (which might combine with it), it is made through `String`.
    private static func appendGuardingLineStart(
        _ line: ArraySlice<UInt8>, to output: inout [UInt8]
    ) {
        guard let first = line.first else { return }
        let start = line.startIndex
        let isASCIICharacter = { (index: Int) in index + 1 >= line.endIndex || line[index + 1] < 0x80 }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            output.append(contentsOf: (first == UInt8(ascii: " ") ? "&#32;" : "&#9;").utf8)
            return output.append(contentsOf: line.dropFirst())
        }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") {
            guard isASCIICharacter(start) else {
                return output.append(contentsOf: guardLineStart(String(decoding: line, as: UTF8.self)).utf8)
            }
            output.append(UInt8(ascii: "\\"))
            return output.append(contentsOf: line)
        }
        let digits = line.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        if digits > 0, digits < line.count,
            line[start + digits] == UInt8(ascii: ".") || line[start + digits] == UInt8(ascii: ")")
        {
            guard isASCIICharacter(start + digits) else {
                return output.append(contentsOf: guardLineStart(String(decoding: line, as: UTF8.self)).utf8)
            }
            output.append(contentsOf: line[..<(start + digits)])
            output.append(UInt8(ascii: "\\"))
            return output.append(contentsOf: line[(start + digits)...])
        }
        output.append(contentsOf: line)
    }

    /// ``appendGuardingLineStart(_:to:)`` on characters.
    private static func guardLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if first == "-" || first == "+" || first == "=" { return "\\" + line }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let next = line.dropFirst(digits.count).first, next == "." || next == ")" {
            return digits + "\\" + line.dropFirst(digits.count)
        }
        return line
    }
}
