/// A plain SQLite database whose column names start with `@`, as the format markers do: `@id`,
/// `@type`, `@@id`, `@source`, `@graph`, `@null`, `@utf8Data`, and a foreign key `@owner_id`.
///
/// `Item/1` nests under `Owner/1` (the key cascades) and holds `Item/2` in its `@id` column, so
/// that an export which lets a column take a marker's place reads back as the wrong object.
public enum HostileColumns {
    /// The SQL that makes the database in an empty file.
    public static let sql = """
        CREATE TABLE Owner (id INTEGER PRIMARY KEY, "@type" TEXT, "@" TEXT);
        CREATE TABLE Item (
            id INTEGER PRIMARY KEY, "@id" TEXT, "@type" TEXT, "@@id" TEXT, "@source" TEXT, "@graph" TEXT,
            "@null" TEXT, "@utf8Data" TEXT, "@owner_id" INTEGER REFERENCES Owner(id) ON DELETE CASCADE
        );
        INSERT INTO Owner VALUES (1, 'Item', '@');
        INSERT INTO Item VALUES (1, 'Item/2', 'Owner', '@id', '{"@source": {}}', '[]', NULL, 'x', 1);
        INSERT INTO Item VALUES (2, 'Item/1', '@type', '@@@id', 'null', '@graph' || char(1), 'text', NULL, NULL);
        """

    /// The columns of `Item` whose names start with `@`, in table order.
    public static let itemColumns = ["@id", "@type", "@@id", "@source", "@graph", "@null", "@utf8Data", "@owner_id"]

    /// The value each of ``itemColumns`` holds in `Item/1`, `nil` for NULL.
    public static let firstItem: [String: String?] = [
        "@id": "Item/2", "@type": "Owner", "@@id": "@id", "@source": #"{"@source": {}}"#, "@graph": "[]",
        "@null": nil, "@utf8Data": "x",
    ]
}
