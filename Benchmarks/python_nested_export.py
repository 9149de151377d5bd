#!/usr/bin/env python3
"""What a user would write instead of graphexport: a straightforward nested JSON export of a
Scrapbook store with Python's standard library, for the benchmark's comparison.

    python3 Benchmarks/python_nested_export.py STORE.sqlite > export.json

It knows the Scrapbook schema by heart (tables, columns, Z_ENT numbers from Z_PRIMARYKEY), loads
every table, builds the tree in memory (scrapbooks -> ordered pages -> items, tags under their
scrapbook, every other relationship as {"@id": ...}) and hands it to json.dump. Values as
graphexport writes them: ISO 8601 dates, base64 binaries, UUID text, decimals as strings.
Deliberately plain: the usual idioms (sqlite3.Row, dicts, datetime, json.dumps), no tuning.
json.dumps rather than json.dump: both are what users write, but json.dump(doc, stream) goes
through the pure-Python encoder and is about 5x slower here (10 s for 20 000 objects), which
would flatter graphexport and not fit the benchmark's time budget at 1 000 000 objects.
"""
import base64
import datetime
import json
import sqlite3
import sys
import uuid
from collections import defaultdict

EPOCH = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def date(seconds):
    if seconds is None:
        return None
    return (EPOCH + datetime.timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def blob(data, external=False):
    if data is None:
        return None
    if external:
        data = data[1:]  # 01 marker: the bytes are inline
    return base64.b64encode(data).decode("ascii")


def uid(data):
    return None if data is None else str(uuid.UUID(bytes=data))


def decimal(value):
    return None if value is None else str(value)


def main():
    path = sys.argv[1]
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    con.row_factory = sqlite3.Row
    store_uuid = con.execute("SELECT Z_UUID FROM Z_METADATA").fetchone()[0]
    entity = {row["Z_ENT"]: row["Z_NAME"] for row in con.execute("SELECT * FROM Z_PRIMARYKEY")}

    def ref(name, pk):
        return None if pk is None else {"@id": "x-coredata://%s/%s/p%d" % (store_uuid, name, pk)}

    item_entity = {}
    for row in con.execute("SELECT Z_PK, Z_ENT FROM ZITEM"):
        item_entity[row["Z_PK"]] = entity[row["Z_ENT"]]
    tags_of_item = defaultdict(list)
    items_of_tag = defaultdict(list)
    for row in con.execute("SELECT Z_1ITEMS, Z_7TAGS FROM Z_1TAGS ORDER BY Z_1ITEMS, Z_7TAGS"):
        tags_of_item[row[0]].append(ref("Tag", row[1]))
        items_of_tag[row[1]].append(ref(item_entity[row[0]], row[0]))

    items_of_page = defaultdict(list)
    orphans = []
    for row in con.execute("SELECT * FROM ZITEM ORDER BY Z_PK"):
        kind = entity[row["Z_ENT"]]
        item = {"@id": ref(kind, row["Z_PK"])["@id"], "@type": kind,
                "createdAt": date(row["ZCREATEDAT"]), "position": row["ZPOSITION"],
                "title": row["ZTITLE"]}
        if kind == "Photo":
            item.update({
                "aspectRatio": row["ZASPECTRATIO"], "caption": row["ZCAPTION"],
                "fileSize": row["ZFILESIZE"], "height": row["ZHEIGHT"],
                "identifier": uid(row["ZIDENTIFIER"]), "image": blob(row["ZIMAGE"], external=True),
                "printPrice": decimal(row["ZPRINTPRICE"]), "rating": row["ZRATING"],
                "source": row["ZSOURCE1"], "sourceURL": row["ZSOURCEURL"],
                "takenAt": date(row["ZTAKENAT"]), "thumbnail": blob(row["ZTHUMBNAIL"]),
                "width": row["ZWIDTH"]})
        elif kind == "Note":
            item.update({"color": row["ZCOLOR"], "text": row["ZTEXT"]})
        else:
            item.update({"kind": row["ZKIND"], "scannedAt": date(row["ZSCANNEDAT"]),
                         "source": row["ZSOURCE"]})
        item["page"] = ref("Page", row["ZPAGE"])
        item["tags"] = tags_of_item.get(row["Z_PK"], [])
        if kind == "Photo":
            item["coverOf"] = ref("Scrapbook", row["ZCOVEROF"])
        if row["ZPAGE"] is None:
            orphans.append(item)
        else:
            items_of_page[row["ZPAGE"]].append(item)

    pages_of_book = defaultdict(list)
    for row in con.execute("SELECT * FROM ZPAGE ORDER BY ZSCRAPBOOK, Z_FOK_SCRAPBOOK"):
        pages_of_book[row["ZSCRAPBOOK"]].append({
            "@id": ref("Page", row["Z_PK"])["@id"], "@type": "Page",
            "backgroundColor": row["ZBACKGROUNDCOLOR"], "number": row["ZNUMBER"],
            "title": row["ZTITLE"], "items": items_of_page.get(row["Z_PK"], []),
            "scrapbook": ref("Scrapbook", row["ZSCRAPBOOK"])})

    tags_of_book = defaultdict(list)
    for row in con.execute("SELECT * FROM ZTAG ORDER BY Z_PK"):
        featured = row["ZFEATUREDITEM"]
        tags_of_book[row["ZSCRAPBOOK"]].append({
            "@id": ref("Tag", row["Z_PK"])["@id"], "@type": "Tag", "name": row["ZNAME"],
            "featuredItem": ref(item_entity[featured], featured) if featured else None,
            "items": items_of_tag.get(row["Z_PK"], []),
            "scrapbook": ref("Scrapbook", row["ZSCRAPBOOK"])})

    graph = []
    for row in con.execute("SELECT * FROM ZSCRAPBOOK ORDER BY Z_PK"):
        graph.append({
            "@id": ref("Scrapbook", row["Z_PK"])["@id"], "@type": "Scrapbook",
            "coverImage": blob(row["ZCOVERIMAGE"], external=True),
            "createdAt": date(row["ZCREATEDAT"]), "identifier": uid(row["ZIDENTIFIER"]),
            "isFavorite": bool(row["ZISFAVORITE"]), "pageCount": row["ZPAGECOUNT"],
            "subtitle": row["ZSUBTITLE"], "title": row["ZTITLE"],
            "cover": ref(item_entity.get(row["ZCOVER"], "Photo"), row["ZCOVER"]),
            "pages": pages_of_book.get(row["Z_PK"], []), "tags": tags_of_book.get(row["Z_PK"], [])})
    graph += orphans
    con.close()
    document = {"@source": {"generator": "python_nested_export.py", "source": path,
                            "storeUUID": store_uuid, "shape": "tree"}, "@graph": graph}
    sys.stdout.write(json.dumps(document, ensure_ascii=False))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
