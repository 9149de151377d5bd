internal import CYAML

/// The version of libyaml the YAML writer runs on (`0.2.5`), from `yaml_get_version_string`, for
/// `graphexport --version`.
package enum YAMLLibrary {
    /// The version libyaml reports at run time.
    package static var version: String {
        String(cString: yaml_get_version_string())
    }
}
