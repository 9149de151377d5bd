/// The version of graphexport, as `--version` prints it and export headers name it.
public enum GraphExportVersion {
    /// The version number (`0.1.0`).
    public static let current = "0.1.0"
}
