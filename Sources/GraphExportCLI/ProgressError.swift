/// A setting of the progress line graphexport cannot use.
enum ProgressError: Error, CustomStringConvertible {
    /// `GRAPHEXPORT_PROGRESS_DELAY` is not a number of seconds graphexport accepts.
    case badDelay(value: String)

    var description: String {
        switch self {
        case .badDelay(let value):
            return "GRAPHEXPORT_PROGRESS_DELAY is '\(value)', not a number of seconds from 0 to "
                + "\(ProgressChoice.maximumDelaySeconds); set it to one (such as 0 or 2.5), or unset it for 1 s"
        }
    }
}
