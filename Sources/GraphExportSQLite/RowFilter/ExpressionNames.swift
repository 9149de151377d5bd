internal import CSQLite

/// Replaces the names of an SQL expression (`--where`) with other names, token by token, as
/// SQLite's tokenizer reads them, so that a user may write a model's attribute names where the
/// store has column names (`title` for Apple Notes' `ZTITLE2`).
///
/// Only identifiers are replaced: bare ones (`title`) and quoted ones (`"title"`, `` `title` ``,
/// `[title]`). Nothing inside a string literal (`'title'`), a blob literal (`x'01'`), a comment
/// (`-- title`, `/* title */`), a number or a parameter (`:title`) changes, and neither does a
/// name that is part of a qualified one (`t.title`, `t` in `t.x`), a function's name (a name
/// followed by `(`: `date(…)`) or a bare SQL keyword (`order`; quote it, `"order"`, to mean an
/// attribute of that name). Everything else is copied byte for byte.
package enum ExpressionNames {
    /// `expression` with every replaceable name that `replacement` answers for replaced by the
    /// quoted name it gives; a name it answers `nil` for stays as written.
    package static func replacing(in expression: String, _ replacement: (String) -> String?) -> String {
        let bytes = Array(expression.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        /// The last byte before `position` that is not white space, for a `.` before a name.
        var previous: UInt8?
        while position < bytes.count {
            let start = position
            let byte = bytes[position]
            var name: String?
            switch byte {
            case UInt8(ascii: "'"):
                position = closing(bytes, from: position, quote: UInt8(ascii: "'"))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                position = closing(bytes, from: position, quote: byte)
                name = unquoted(bytes[start..<position], quote: byte)
            case UInt8(ascii: "["):
                while position < bytes.count && bytes[position] != UInt8(ascii: "]") { position += 1 }
                position = min(position + 1, bytes.count)
                if position - start >= 2, bytes[position - 1] == UInt8(ascii: "]") {
                    name = String(decoding: bytes[(start + 1)..<(position - 1)], as: UTF8.self)
                }
            case UInt8(ascii: "-") where next(bytes, position) == UInt8(ascii: "-"):
                while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where next(bytes, position) == UInt8(ascii: "*"):
                position += 2
                while position < bytes.count
                    && !(bytes[position] == UInt8(ascii: "*") && next(bytes, position) == UInt8(ascii: "/"))
                {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                position = number(bytes, from: position)
            case UInt8(ascii: ".") where isDigit(next(bytes, position)):
                position = number(bytes, from: position)
            case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                position += 1
                while position < bytes.count && isNameByte(bytes[position]) { position += 1 }
            case _ where isNameStart(byte):
                while position < bytes.count && isNameByte(bytes[position]) { position += 1 }
                let isBlob =
                    position - start == 1 && (byte | 0x20) == UInt8(ascii: "x") && position < bytes.count
                    && bytes[position] == UInt8(ascii: "'")
                if isBlob {
                    position = closing(bytes, from: position, quote: UInt8(ascii: "'"))
                } else if !isKeyword(bytes[start..<position]) {
                    name = String(decoding: bytes[start..<position], as: UTF8.self)
                }
            default:
                position += 1
            }
            let token = bytes[start..<position]
            if let name, previous != UInt8(ascii: "."), !isFollowedByDotOrParenthesis(bytes, position),
                let replaced = replacement(name)
            {
                output += Array(SQLiteDatabase.quote(replaced).utf8)
            } else {
                output += token
            }
            if let last = token.last(where: { !isSpace($0) }) { previous = last }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The position after the quote that closes the one at `start`; a doubled quote is one
    /// character of the text. The end of the expression when none closes it.
    private static func closing(_ bytes: [UInt8], from start: Int, quote: UInt8) -> Int {
        var position = start + 1
        while position < bytes.count {
            if bytes[position] == quote {
                if next(bytes, position) == quote {
                    position += 2
                    continue
                }
                return position + 1
            }
            position += 1
        }
        return bytes.count
    }

    /// The name a quoted identifier spells (its doubled quotes single); `nil` when it is not
    /// closed.
    private static func unquoted(_ token: ArraySlice<UInt8>, quote: UInt8) -> String? {
        guard token.count >= 2, token.last == quote else { return nil }
        var name: [UInt8] = []
        var position = token.startIndex + 1
        while position < token.endIndex - 1 {
            name.append(token[position])
            position += token[position] == quote ? 2 : 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The position after a numeric literal (`12`, `1.5e-3`, `0x1F`, `.5`) and any name bytes
    /// stuck to it, which SQLite refuses anyway.
    private static func number(_ bytes: [UInt8], from start: Int) -> Int {
        let isHex = bytes[start] == UInt8(ascii: "0") && (next(bytes, start).map { $0 | 0x20 } == UInt8(ascii: "x"))
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if isNameByte(byte) || byte == UInt8(ascii: ".") {
                position += 1
            } else if !isHex, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                (bytes[position - 1] | 0x20) == UInt8(ascii: "e"), isDigit(next(bytes, position))
            {
                position += 1
            } else {
                break
            }
        }
        return position
    }

    /// Whether the next byte after `position` that is not white space is `.` or `(`.
    private static func isFollowedByDotOrParenthesis(_ bytes: [UInt8], _ position: Int) -> Bool {
        var position = position
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        return position < bytes.count && (bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "("))
    }

    /// Whether the bytes are an SQL keyword, by SQLite's own list (`sqlite3_keyword_check`).
    private static func isKeyword(_ name: ArraySlice<UInt8>) -> Bool {
        name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_keyword_check($0.baseAddress, Int32($0.count)) != 0 }
        }
    }

    private static func next(_ bytes: [UInt8], _ position: Int) -> UInt8? {
        position + 1 < bytes.count ? bytes[position + 1] : nil
    }

    private static func isDigit(_ byte: UInt8?) -> Bool {
        byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
    }

    /// A byte that may start a bare name: a letter, `_`, or any byte of a non-ASCII character.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    /// A byte that may continue a bare name: those that start one, digits and `$`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
