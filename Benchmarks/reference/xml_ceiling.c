/* XML writer ceiling: raw libxml2 xmlTextWriter writing the flat export replayed from a replay
 * file (see replay.h and make_replay.py) to standard output. Times only the writing.
 *
 *     xml_ceiling FILE.gxr > /dev/null         (stderr: xml write_seconds=… bytes=…)
 *
 * The document follows Formats/XML's attribute style (XMLGraphWriter's documentation):
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <gx:export xmlns:gx="urn:graphexport:1" gx:generator="…" …>
 *     <Photo gx:id="x-coredata://…/Photo/p1" caption="…" rating="4.5" gx:null="takenAt image">
 *       <page><gx:ref gx:id="x-coredata://…/Page/p1"/></page>
 *       <coverOf gx:null="true"/>
 *       <tags><gx:ref gx:id="…"/>…</tags>
 *     </Photo> …
 *   </gx:export>
 * Each non-null attribute value is an XML attribute, null ones are listed in gx:null, each
 * relationship is a child element holding gx:ref elements. Compact (no indentation).
 *
 * What the ceiling leaves out on purpose: graphexport checks every value against XML 1.0's Char
 * production (xmlTextWriter checks nothing) and encodes names that are not NCNames. The data has no
 * such values or names, so the document is the same; only those checks' cost is not in here. */
#include <libxml/xmlwriter.h>

#include "replay.h"

static gx_out_t out;

static int write_callback(void *context, const char *buffer, int length) {
    (void)context;
    gx_put(&out, buffer, (size_t)length);
    return length;
}

static int close_callback(void *context) {
    (void)context;
    return 0;
}

#define CHECK(call) do { if ((call) < 0) gx_fail(#call); } while (0)

int main(int argc, char **argv) {
    replay_t r;
    replay_load_argument(argc, argv, "xml_ceiling", &r);
    char *scratch = malloc(1 << 20);
    char *nulls = malloc(1 << 16);
    size_t null_length = 0;
    int attributes_open = 0; /* an object's start tag still takes attributes */
    int relationship_open = 0; /* a to-one relationship element waits for its one value */
    double start = gx_now();

    xmlOutputBufferPtr buffer = xmlOutputBufferCreateIO(write_callback, close_callback, NULL, NULL);
    xmlTextWriterPtr w = xmlNewTextWriter(buffer);
    CHECK(xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL));
    CHECK(xmlTextWriterStartElement(w, BAD_CAST "gx:export"));
    CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "xmlns:gx", BAD_CAST "urn:graphexport:1"));
    for (int i = 0; i < r.header_count; i++) {
        snprintf(scratch, 256, "gx:%s", r.header[2 * i]);
        CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST scratch, BAD_CAST r.header[2 * i + 1]));
    }
    const unsigned char *p = r.tokens;
    const char *key = NULL;
    for (;;) {
        unsigned char token = *p++;
        /* A relationship (a key followed by R, n or [) closes the start tag's attribute list. */
        if (attributes_open && key && (token == 'R' || token == 'Q' || token == 'n' || token == '[')) {
            if (null_length) {
                nulls[null_length] = 0;
                CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "gx:null", BAD_CAST nulls));
                null_length = 0;
            }
            attributes_open = 0;
        }
        if (key && (token == 'R' || token == 'Q' || token == 'n' || token == '[')) {
            CHECK(xmlTextWriterStartElement(w, BAD_CAST key));
            relationship_open = token != '[';
            key = NULL;
        }
        const char *text = NULL;
        switch (token) {
        case 'O': case 'P': {
            uint16_t e;
            gx_read_id(&r, token, &p, &e, scratch);
            CHECK(xmlTextWriterStartElement(w, BAD_CAST r.names[e]));
            CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "gx:id", BAD_CAST scratch));
            attributes_open = 1;
            null_length = 0;
            break;
        }
        case '}':
            if (attributes_open && null_length) {
                nulls[null_length] = 0;
                CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "gx:null", BAD_CAST nulls));
            }
            attributes_open = 0;
            null_length = 0;
            CHECK(xmlTextWriterEndElement(w));
            break;
        case 'K': key = r.names[gx_u16(&p)]; break;
        case 'N': {
            size_t n = strlen(key);
            if (null_length) nulls[null_length++] = ' ';
            memcpy(nulls + null_length, key, n);
            null_length += n;
            key = NULL;
            break;
        }
        case 'n':
            CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "gx:null", BAD_CAST "true"));
            CHECK(xmlTextWriterEndElement(w));
            relationship_open = 0;
            break;
        case 'R': case 'Q': {
            uint16_t e;
            gx_read_id(&r, token, &p, &e, scratch);
            CHECK(xmlTextWriterStartElement(w, BAD_CAST "gx:ref"));
            CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST "gx:id", BAD_CAST scratch));
            CHECK(xmlTextWriterEndElement(w));
            if (relationship_open) { CHECK(xmlTextWriterEndElement(w)); relationship_open = 0; }
            break;
        }
        case '[': break;
        case ']': CHECK(xmlTextWriterEndElement(w)); break;
        case 'I': gx_format_int(gx_i64(&p), scratch); text = scratch; break;
        case 'B': text = *p++ ? "true" : "false"; break;
        case 'D': gx_format_double(gx_f64(&p), scratch); text = scratch; break;
        case 'T': gx_format_date(gx_f64(&p), scratch); text = scratch; break;
        case 'S': case 'M': {
            uint32_t n = gx_u32(&p);
            memcpy(scratch, p, n);
            scratch[n] = 0;
            p += n;
            text = scratch;
            break;
        }
        case 'X': {
            uint32_t n = gx_u32(&p);
            gx_base64(p, n, scratch);
            p += n;
            text = scratch;
            break;
        }
        case 'U': gx_format_uuid(p, scratch); p += 16; text = scratch; break;
        case 'E':
            CHECK(xmlTextWriterEndDocument(w));
            xmlFreeTextWriter(w); /* flushes and closes the output buffer */
            return gx_finish(&out, "xml", start);
        default:
            gx_fail("unknown token");
        }
        if (text) {
            CHECK(xmlTextWriterWriteAttribute(w, BAD_CAST key, BAD_CAST text));
            key = NULL;
        }
    }
}
