/// XML property lists as Xcode writes them, for the model-file tests' fixtures.
enum PropertyListXML {
    /// A document whose top-level dictionary holds `entries`: `<key>` and value lines, each
    /// indented by a tab.
    static func document(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entries)
        </dict>
        </plist>
        """
    }
}
