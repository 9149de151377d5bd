/// Python that reads a JSON export from standard input into `ids` (a `Counter` of the ids of the
/// objects written in full) and `references` (the ids every reference names), for tests that
/// check an export against the store with plain SQL; they append their own checks.
enum ExportWalk {
    static let python = """
        import json, sqlite3, sys
        from collections import Counter
        document = json.load(sys.stdin)
        ids, references = Counter(), []
        def walk(node, top):
            if isinstance(node, list):
                for item in node: walk(item, False)
            elif isinstance(node, dict):
                if "@type" in node:
                    ids[node["@id"]] += 1
                elif set(node) == {"@id"} and not top:
                    references.append(node["@id"])
                for key, value in node.items():
                    if key not in ("@id", "@type"): walk(value, False)
        walk(document["@graph"], True)

        """

    /// ``python``, then `store`: a read-only connection to the store whose path is argv 1.
    static let againstStore =
        python + """
            store = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)

            """
}
