import GraphExport
import GraphExportSQLite

/// The words of the progress line: objects written of the total, the share done, the rate and
/// the time left (`graphexport: note: 45000 of 100000 objects (45%), 52300 objects/s, 0:02 left`),
/// a note as every line graphexport writes on standard error is an error, a warning or a note.
///
/// A total that is an estimate is marked `~`. Without a total, or once the objects written pass
/// an estimate, the line says only how many were written and the rate.
enum ProgressText {
    /// The line for `objects` written of an export of `total` objects, at `rate` objects a
    /// second (`nil`: not known yet).
    static func line(objects: Int, total: ObjectCountEstimate?, rate: Double?) -> String {
        var text = MessageKind.note.prefix + "\(objects)"
        var left: Double?
        if let total, total.count > 0, objects <= total.count {
            let count =
                switch total {
                case .exact(let count): "\(count)"
                case .estimate(let count): "~\(count)"
                }
            text += " of \(count) objects (\(objects * 100 / total.count)%)"
            if let rate, rate > 0 { left = Double(total.count - objects) / rate }
        } else {
            text += " objects"
        }
        if let rate { text += ", \(Int(rate.rounded())) objects/s" }
        if let left { text += ", \(clock(left)) left" }
        return text
    }

    /// The last line of `--progress` into a file or pipe: `graphexport: note: 100000 objects in 1.9 s`.
    static func summary(objects: Int, elapsed: Duration) -> String {
        let tenths = Int((seconds(elapsed) * 10).rounded())
        return MessageKind.note.prefix + "\(objects) objects in \(tenths / 10).\(tenths % 10) s"
    }

    /// `0:07`, `12:30`, `1:02:03`: seconds rounded up.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(min(seconds, 359_999).rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let paddedSeconds = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(paddedSeconds)" }
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(paddedSeconds)"
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
