/// Core Data stores built by hand, table by table as Core Data lays them out, for layout rules that
/// no sample store shows: the SQL that makes each in an empty file, and the model (a `contents`
/// file's XML) that describes it.
public enum HandBuiltStores {
    /// One store: its SQL, its model and its UUID.
    public struct Store: Sendable {
        /// The statements that make the store in an empty file, bookkeeping tables included.
        public let sql: String
        /// The model, as the XML of an `.xcdatamodel`'s `contents` file.
        public let model: String
        /// `Z_METADATA.Z_UUID`.
        public let uuid: String

        /// A store with `Z_PRIMARYKEY` rows for `entities` (number, name, parent's number, highest
        /// key), `Z_METADATA` with `uuid` and a binary plist, then `tables`.
        init(uuid: String, entities: [(Int, String, Int, Int)], tables: String, model: String) {
            self.sql = HandBuiltStores.bookkeeping(entities, uuid: uuid) + tables
            self.model = model
            self.uuid = uuid
        }

        /// `x-coredata://<uuid>/<entity>/p<key>`.
        public func id(_ entity: String, _ key: Int) -> String {
            "x-coredata://\(uuid)/\(entity)/p\(key)"
        }
    }

    /// Join tables as a Photos library has them: Memory (2) and Suggestion (3) both have a
    /// many-to-many `representativeAssets` to Asset (1), and the second's key column for the
    /// assets carries a suffix, `Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS.Z_1REPRESENTATIVEASSETS1`.
    ///
    /// Memory p1 shows Asset p2; Suggestion p1 shows Assets p1 and p3, Suggestion p2 Asset p3.
    public static let suffixedJoinColumn = Store(
        uuid: "4C0E8F2A-7D13-4B5E-9A61-2F8D3C7B1E04",
        entities: [(1, "Asset", 0, 3), (2, "Memory", 0, 1), (3, "Suggestion", 0, 2)],
        tables: """
            CREATE TABLE ZASSET (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFILENAME VARCHAR);
            CREATE TABLE ZMEMORY (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
            CREATE TABLE ZSUGGESTION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
            CREATE TABLE Z_1MEMORIESBEINGREPRESENTATIVEASSETS (Z_1REPRESENTATIVEASSETS INTEGER,
                Z_2MEMORIESBEINGREPRESENTATIVEASSETS INTEGER,
                PRIMARY KEY (Z_1REPRESENTATIVEASSETS, Z_2MEMORIESBEINGREPRESENTATIVEASSETS));
            CREATE INDEX Z_1MEMORIESBEINGREPRESENTATIVEASSETS_Z_2MEMORIESBEINGREPRESENTATIVEASSETS_INDEX
                ON Z_1MEMORIESBEINGREPRESENTATIVEASSETS (Z_2MEMORIESBEINGREPRESENTATIVEASSETS, Z_1REPRESENTATIVEASSETS);
            CREATE TABLE Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS (Z_1REPRESENTATIVEASSETS1 INTEGER,
                Z_3SUGGESTIONSBEINGREPRESENTATIVEASSETS INTEGER,
                PRIMARY KEY (Z_1REPRESENTATIVEASSETS1, Z_3SUGGESTIONSBEINGREPRESENTATIVEASSETS));
            CREATE INDEX Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS_Z_3SUGGESTIONSBEINGREPRESENTATIVEASSETS_INDEX
                ON Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS (Z_3SUGGESTIONSBEINGREPRESENTATIVEASSETS, Z_1REPRESENTATIVEASSETS1);
            INSERT INTO ZASSET VALUES (1, 1, 1, 'IMG_0001.HEIC'), (2, 1, 1, 'IMG_0002.HEIC'), (3, 1, 1, 'IMG_0003.HEIC');
            INSERT INTO ZMEMORY VALUES (1, 2, 1, 'Summer');
            INSERT INTO ZSUGGESTION VALUES (1, 3, 1, 'Featured'), (2, 3, 1, 'Wallpaper');
            INSERT INTO Z_1MEMORIESBEINGREPRESENTATIVEASSETS VALUES (2, 1);
            INSERT INTO Z_1SUGGESTIONSBEINGREPRESENTATIVEASSETS VALUES (1, 1), (3, 1), (3, 2);
            """,
        model: model(
            """
            <entity name="Asset" representedClassName="Asset" syncable="YES">
                <attribute name="filename" optional="YES" attributeType="String"/>
                <relationship name="memoriesBeingRepresentativeAssets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Memory" inverseName="representativeAssets" inverseEntity="Memory"/>
                <relationship name="suggestionsBeingRepresentativeAssets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Suggestion" inverseName="representativeAssets" inverseEntity="Suggestion"/>
            </entity>
            <entity name="Memory" representedClassName="Memory" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="representativeAssets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Asset" inverseName="memoriesBeingRepresentativeAssets" inverseEntity="Asset"/>
            </entity>
            <entity name="Suggestion" representedClassName="Suggestion" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="representativeAssets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Asset" inverseName="suggestionsBeingRepresentativeAssets" inverseEntity="Asset"/>
            </entity>
            """))

    /// To-many relationships without an inverse, each a hidden key `Z<n><NAME>` with its index on
    /// the destination's table, as in a 2011 RestKit store (`ZRKSEARCHWORD.Z7SEARCHWORDS`):
    /// `Searchable.searchWords` (Searchable is entity 3, abstract, its objects Articles),
    /// `SearchWord.searchables` the other way, and the ordered `Playlist.tracks`, whose order is
    /// `Z_FOK_1TRACKS`.
    ///
    /// Article p1 has SearchWords p1 and p2, Article p2 SearchWord p3; SearchWord p1 finds
    /// Article p2; Playlist p1 holds Tracks p3, p1, p2 in that order, Playlist p2 none, and Track
    /// p4 is in no playlist.
    public static let hiddenToManyKeys = Store(
        uuid: "9B3D6A10-5E2C-4F87-B1D4-7C0A2E9F6B35",
        entities: [
            (1, "Playlist", 0, 2), (2, "SearchWord", 0, 3), (3, "Searchable", 0, 2), (4, "Article", 3, 0),
            (5, "Track", 0, 4),
        ],
        tables: """
            CREATE TABLE ZPLAYLIST (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZSEARCHWORD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, Z3SEARCHWORDS INTEGER,
                ZWORD VARCHAR);
            CREATE INDEX ZSEARCHWORD_Z3SEARCHWORDS_INDEX ON ZSEARCHWORD (Z3SEARCHWORDS);
            CREATE TABLE ZSEARCHABLE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, Z2SEARCHABLES INTEGER,
                ZBODY VARCHAR, ZTITLE VARCHAR);
            CREATE INDEX ZSEARCHABLE_Z2SEARCHABLES_INDEX ON ZSEARCHABLE (Z2SEARCHABLES);
            CREATE INDEX ZSEARCHABLE_Z_ENT_INDEX ON ZSEARCHABLE (Z_ENT);
            CREATE TABLE ZTRACK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, Z1TRACKS INTEGER,
                Z_FOK_1TRACKS INTEGER, ZTITLE VARCHAR);
            CREATE INDEX ZTRACK_Z1TRACKS_INDEX ON ZTRACK (Z1TRACKS);
            INSERT INTO ZPLAYLIST VALUES (1, 1, 1, 'Mix'), (2, 1, 1, 'Empty');
            INSERT INTO ZSEARCHWORD VALUES (1, 2, 1, 1, 'core'), (2, 2, 1, 1, 'data'), (3, 2, 1, 2, 'swift');
            INSERT INTO ZSEARCHABLE VALUES (1, 4, 1, NULL, 'Faults and uniquing', 'Core Data'),
                (2, 4, 1, 1, 'Value types', 'Swift');
            INSERT INTO ZTRACK VALUES (1, 5, 1, 1, 2048, 'Second'), (2, 5, 1, 1, 3072, 'Third'),
                (3, 5, 1, 1, 1024, 'First'), (4, 5, 1, NULL, NULL, 'Loose');
            """,
        model: model(
            """
            <entity name="Article" representedClassName="Article" parentEntity="Searchable" syncable="YES">
                <attribute name="body" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Playlist" representedClassName="Playlist" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="tracks" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Track"/>
            </entity>
            <entity name="SearchWord" representedClassName="SearchWord" syncable="YES">
                <attribute name="word" optional="YES" attributeType="String"/>
                <relationship name="searchables" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Searchable"/>
            </entity>
            <entity name="Searchable" representedClassName="Searchable" isAbstract="YES" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="searchWords" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="SearchWord"/>
            </entity>
            <entity name="Track" representedClassName="Track" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
            </entity>
            """))

    /// Reflexive many-to-manys, each its own inverse: `Person.invalidMergeCandidates` in a join
    /// table laid out as the Photos report of issue 20 names it (columns `Z_1INVALIDMERGECANDIDATES`
    /// and `REFLEXIVE`, like Photos' `Z_45INVALIDMERGECANDIDATES`), and `Person.twins` with the
    /// second column named by the rule for a self-referential pair, `Z_1TWINS1`. Which order Core
    /// Data stores a pair in is not known, so the pairs are stored every way: once in one order,
    /// once in the other, in both orders, with itself.
    ///
    /// invalidMergeCandidates: p1 ↔ p2 stored (1, 2); p1 ↔ p5 stored (5, 1); p3 ↔ p4 stored both
    /// ways; p6 with itself. So p1 has p2 and p5, p2 p1, p3 p4, p4 p3, p5 p1, p6 p6. twins: p2 ↔
    /// p3 stored (3, 2) and (2, 3).
    public static let reflexiveManyToMany = Store(
        uuid: "5E7A1C3B-9F24-4D68-8B0E-3A6C2D1F9E47",
        entities: [(1, "Person", 0, 6)],
        tables: """
            CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE Z_1INVALIDMERGECANDIDATES (Z_1INVALIDMERGECANDIDATES INTEGER, REFLEXIVE INTEGER,
                PRIMARY KEY (Z_1INVALIDMERGECANDIDATES, REFLEXIVE));
            CREATE INDEX Z_1INVALIDMERGECANDIDATES_REFLEXIVE_INDEX
                ON Z_1INVALIDMERGECANDIDATES (REFLEXIVE, Z_1INVALIDMERGECANDIDATES);
            CREATE TABLE Z_1TWINS (Z_1TWINS INTEGER, Z_1TWINS1 INTEGER, PRIMARY KEY (Z_1TWINS, Z_1TWINS1));
            CREATE INDEX Z_1TWINS_Z_1TWINS1_INDEX ON Z_1TWINS (Z_1TWINS1, Z_1TWINS);
            INSERT INTO ZPERSON VALUES (1, 1, 1, 'Ann'), (2, 1, 1, 'Ben'), (3, 1, 1, 'Cat'), (4, 1, 1, 'Dan'),
                (5, 1, 1, 'Eve'), (6, 1, 1, 'Fay');
            INSERT INTO Z_1INVALIDMERGECANDIDATES VALUES (1, 2), (5, 1), (3, 4), (4, 3), (6, 6);
            INSERT INTO Z_1TWINS VALUES (3, 2), (2, 3);
            """,
        model: model(
            """
            <entity name="Person" representedClassName="Person" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="invalidMergeCandidates" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="invalidMergeCandidates" inverseEntity="Person"/>
                <relationship name="twins" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="twins" inverseEntity="Person"/>
            </entity>
            """))

    /// A store one of whose properties has a layout graphexport does not know: the join table of
    /// the reflexive `Person.peers` has the columns `Z_1PEERS` and `MIRROR`. Everything else reads:
    /// Person p1 and p2, their `notes` (Note p1 and p2 are Ann's, p3 Ben's) and `name`s.
    public static let unknownJoinTableLayout = Store(
        uuid: "C2B8E4D1-6A3F-4E95-A07C-1D9B5F2E8A63",
        entities: [(1, "Person", 0, 2), (2, "Note", 0, 3)],
        tables: """
            CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZPERSON INTEGER, ZTEXT VARCHAR);
            CREATE INDEX ZNOTE_ZPERSON_INDEX ON ZNOTE (ZPERSON);
            CREATE TABLE Z_1PEERS (Z_1PEERS INTEGER, MIRROR INTEGER, PRIMARY KEY (Z_1PEERS, MIRROR));
            INSERT INTO ZPERSON VALUES (1, 1, 1, 'Ann'), (2, 1, 1, 'Ben');
            INSERT INTO ZNOTE VALUES (1, 2, 1, 1, 'first'), (2, 2, 1, 1, 'second'), (3, 2, 1, 2, 'third');
            INSERT INTO Z_1PEERS VALUES (1, 2);
            """,
        model: model(
            """
            <entity name="Note" representedClassName="Note" syncable="YES">
                <attribute name="text" optional="YES" attributeType="String"/>
                <relationship name="person" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="notes" inverseEntity="Person"/>
            </entity>
            <entity name="Person" representedClassName="Person" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Note" inverseName="person" inverseEntity="Note"/>
                <relationship name="peers" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="peers" inverseEntity="Person"/>
            </entity>
            """))

    /// To-ones named after no entity, as an app's store without a model has them (issue 36): a
    /// Ticket's `reporter` is a Customer and its `assignedEmployee` an Employee, both sub-entities
    /// of Person in `ZPERSON`; its `watcher` is any Person, told by `Z1_WATCHER`; an Employee's
    /// `team` is named after its entity. Every to-one has Core Data's index
    /// (`ZTICKET_ZREPORTER_INDEX`); the integer attributes `priority` (a fetch index,
    /// `Z_Ticket_byPriorityIndex`) and `number` (an old-style indexed attribute, whose index is
    /// named as a to-one's) hold numbers that are keys of Tag and Ticket rows too. `reportedTickets`
    /// is ordered (`Z_FOK_REPORTER`).
    ///
    /// Persons: Employees p1 Ann (team 1), p3 Cat (team 2), p6 Fay (team 1); Customers p2 Bob,
    /// p4 Dan, p5 Eve. Tickets: t1 reported by p2, assigned to p1, watched by p5; t2 by p4, p3,
    /// watched by p1; t3 by p2, p1, no watcher; t4 by p5, no one, watched by p6. Bob's reported
    /// tickets in order: t3, t1.
    public static let unnamedToOnes = Store(
        uuid: "7D2E9A41-3C58-4B16-8F0A-6E1B2C9D4F73",
        entities: [
            (1, "Person", 0, 6), (2, "Customer", 1, 0), (3, "Employee", 1, 0), (4, "Tag", 0, 3), (5, "Team", 0, 2),
            (6, "Ticket", 0, 4),
        ],
        tables: """
            CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTEAM INTEGER, ZNAME VARCHAR);
            CREATE INDEX ZPERSON_ZTEAM_INDEX ON ZPERSON (ZTEAM);
            CREATE INDEX ZPERSON_Z_ENT_INDEX ON ZPERSON (Z_ENT);
            CREATE TABLE ZTAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLABEL VARCHAR);
            CREATE TABLE ZTEAM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
            CREATE TABLE ZTICKET (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNUMBER INTEGER,
                ZPRIORITY INTEGER, ZASSIGNEDEMPLOYEE INTEGER, ZREPORTER INTEGER, Z_FOK_REPORTER INTEGER,
                ZWATCHER INTEGER, Z1_WATCHER INTEGER, ZTITLE VARCHAR);
            CREATE INDEX ZTICKET_ZNUMBER_INDEX ON ZTICKET (ZNUMBER);
            CREATE INDEX Z_Ticket_byPriorityIndex ON ZTICKET (ZPRIORITY COLLATE BINARY ASC);
            CREATE INDEX ZTICKET_ZASSIGNEDEMPLOYEE_INDEX ON ZTICKET (ZASSIGNEDEMPLOYEE);
            CREATE INDEX ZTICKET_ZREPORTER_INDEX ON ZTICKET (ZREPORTER);
            CREATE INDEX ZTICKET_ZWATCHER_INDEX ON ZTICKET (ZWATCHER);
            INSERT INTO ZPERSON VALUES (1, 3, 1, 1, 'Ann'), (2, 2, 1, NULL, 'Bob'), (3, 3, 1, 2, 'Cat'),
                (4, 2, 1, NULL, 'Dan'), (5, 2, 1, NULL, 'Eve'), (6, 3, 1, 1, 'Fay');
            INSERT INTO ZTAG VALUES (1, 4, 1, 'bug'), (2, 4, 1, 'idea'), (3, 4, 1, 'question');
            INSERT INTO ZTEAM VALUES (1, 5, 1, 'Support'), (2, 5, 1, 'Billing');
            INSERT INTO ZTICKET VALUES (1, 6, 1, 1, 1, 1, 2, 2048, 5, 2, 'Login fails'),
                (2, 6, 1, 2, 2, 3, 4, 1024, 1, 3, 'Refund'), (3, 6, 1, 3, 3, 1, 2, 1024, NULL, NULL, 'Slow page'),
                (4, 6, 1, 4, 2, NULL, 5, 1024, 6, 3, 'Dark mode');
            """,
        model: model(
            """
            <entity name="Customer" representedClassName="Customer" parentEntity="Person" syncable="YES">
                <relationship name="reportedTickets" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Ticket" inverseName="reporter" inverseEntity="Ticket"/>
            </entity>
            <entity name="Employee" representedClassName="Employee" parentEntity="Person" syncable="YES">
                <relationship name="assignedTickets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Ticket" inverseName="assignedEmployee" inverseEntity="Ticket"/>
                <relationship name="team" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Team" inverseName="members" inverseEntity="Team"/>
            </entity>
            <entity name="Person" representedClassName="Person" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="watchedTickets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Ticket" inverseName="watcher" inverseEntity="Ticket"/>
            </entity>
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="label" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Team" representedClassName="Team" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="members" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Employee" inverseName="team" inverseEntity="Employee"/>
            </entity>
            <entity name="Ticket" representedClassName="Ticket" syncable="YES">
                <attribute name="number" optional="YES" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="priority" optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="assignedEmployee" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Employee" inverseName="assignedTickets" inverseEntity="Employee"/>
                <relationship name="reporter" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Customer" inverseName="reportedTickets" inverseEntity="Customer"/>
                <relationship name="watcher" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="watchedTickets" inverseEntity="Person"/>
            </entity>
            """))

    /// `Z_PRIMARYKEY` with `entities` and `Z_METADATA` with `uuid` and the store's binary plist
    /// (`NSStoreType` SQLite, framework version 1345).
    private static func bookkeeping(_ entities: [(Int, String, Int, Int)], uuid: String) -> String {
        let rows = entities.map { "(\($0.0), '\($0.1)', \($0.2), \($0.3))" }.joined(separator: ", ")
        return """
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            INSERT INTO Z_PRIMARYKEY VALUES \(rows);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            INSERT INTO Z_METADATA VALUES (1, '\(uuid)', X'\(metadataPlist)');

            """
    }

    /// A binary plist `{NSPersistenceFrameworkVersion: 1345, NSStoreType: "SQLite"}`.
    private static let metadataPlist =
        "62706C6973743030D2010203045F101D4E5350657273697374656E63654672616D65776F726B56657273696F6E5B4E5353746F7265"
        + "547970651105415653514C697465080D2D393C00000000000001010000000000000005000000000000000000000000000000"
        + "43"

    /// A model document with `entities`.
    private static func model(_ entities: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22225" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
        \(entities)
        </model>
        """
    }
}
