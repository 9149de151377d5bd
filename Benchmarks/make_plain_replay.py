#!/usr/bin/env python3
"""Write the replay file of a plain SQLite database's flat export, for the C writer ceilings
(reference/*_ceiling.c; the file layout is make_replay.py's).

    python3 Benchmarks/make_plain_replay.py GRAPHEXPORT STORE.sqlite OUT.gxr

make_replay.py lays out a Core Data store's document from the Scrapbook model. A plain database's
document follows from its schema by the rules of docs/SQLITE.md (which tables are entities, the
names of the relationships, which to-manys a table has), so rather than restate those rules the
document is taken from graphexport itself: its flat JSON Lines export of the store gives every
object, in order, with its keys in order, its values and its references, and `inspect --format json`
gives each attribute's type, so that a value is replayed as what it is (a Binary attribute's
base64 text as its bytes, which the ceiling encodes again). The content is the same document,
whoever lays it out; the ceilings pay for writing it, as make_replay.py describes.

Identifiers: a plain object's identifier is `<Table>/<key>`. One whose key is an integer is
replayed as `O`/`R` (entity, key), which the ceilings format as `<Table>/<key>` (replay.h, for a
header whose sourceKind is `SQLite database`); any other (text or composite keys, `Territories/'01581`,
`Order Details/10248,11`) as its text, in the tokens

      P u16 entity u16 len, bytes   begin object with this identifier
      Q u16 entity u16 len, bytes   reference to the object with this identifier
"""
import base64
import json
import os
import re
import subprocess
import sys
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ in the repository
from make_replay import F64, I64, OBJ, U16, U32, Names, replay_head  # noqa: E402  (the replay file's layout)
INTEGER_KEY = re.compile(r"-?[0-9]+")


def build(graphexport, store, out):
    described = json.loads(subprocess.run([graphexport, "inspect", "--format", "json", store], check=True,
                                          capture_output=True, text=True).stdout)
    kinds = {e["name"]: {a["name"]: a["type"] for a in e["attributes"]} for e in described["entities"]}
    name = Names()

    def identifier(token, text, entity=None):
        table, _, key = text.partition("/")
        entity = name(entity or urllib.parse.unquote(table))
        if INTEGER_KEY.fullmatch(key) and 0 <= int(key) < 1 << 32:
            return OBJ.pack(token.upper(), entity, int(key))
        data = key.encode("utf-8")
        return (b"P" if token == b"o" else b"Q") + U16.pack(entity) + U16.pack(len(data)) + data

    export = subprocess.Popen([graphexport, "--format", "jsonl", "--shape", "flat", store], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    header = json.loads(export.stdout.readline())["@source"]
    tmp = out + ".tmp"
    with open(tmp + ".tokens", "wb") as tokens:
        for line in export.stdout:
            record = json.loads(line)
            entity = record.pop("@type")
            types = kinds[entity]
            chunk = [identifier(b"o", record.pop("@id"), entity)]
            for key, value in record.items():
                chunk.append(b"K" + U16.pack(name(key)))
                kind = types.get(key)
                if kind is None:  # a relationship
                    if isinstance(value, list):
                        chunk.append(b"[" + b"".join(identifier(b"r", v["@id"]) for v in value) + b"]")
                    else:
                        chunk.append(b"n" if value is None else identifier(b"r", value["@id"]))
                elif value is None:
                    chunk.append(b"N")
                elif isinstance(value, bool):
                    chunk.append(b"B\x01" if value else b"B\x00")
                elif isinstance(value, int):
                    chunk.append(b"I" + I64.pack(value))
                elif isinstance(value, float):
                    chunk.append(b"D" + F64.pack(value))
                elif kind == "Binary":
                    data = base64.b64decode(value)
                    chunk.append(b"X" + U32.pack(len(data)) + data)
                else:
                    data = value.encode("utf-8")
                    chunk.append(b"S" + U32.pack(len(data)) + data)
            chunk.append(b"}")
            tokens.write(b"".join(chunk))
        tokens.write(b"E")
    if export.wait() != 0:
        raise SystemExit("make_plain_replay.py: graphexport exited %d" % export.returncode)
    with open(tmp, "wb") as f:
        f.write(replay_head(name.texts, list(header.items())))
        with open(tmp + ".tokens", "rb") as tokens:
            while True:
                block = tokens.read(1 << 20)
                if not block:
                    break
                f.write(block)
    os.remove(tmp + ".tokens")
    os.replace(tmp, out)


def main():
    if len(sys.argv) != 4:
        raise SystemExit("usage: make_plain_replay.py GRAPHEXPORT STORE.sqlite OUT.gxr")
    build(*sys.argv[1:])


if __name__ == "__main__":
    main()
