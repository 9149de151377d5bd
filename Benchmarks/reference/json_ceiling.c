/* JSON and JSON Lines writer ceiling: hand-written, streaming JSON of the flat export, replayed from
 * a replay file (see replay.h and make_replay.py), to standard output. Times only the writing.
 *
 *     json_ceiling FILE.gxr > /dev/null           (stderr: json write_seconds=… bytes=…)
 *     json_ceiling --lines FILE.gxr > /dev/null   (stderr: jsonl write_seconds=… bytes=…)
 *
 * The document is graphexport's flat JSON export, compact: {"@source":{…},"@graph":[{"@id":…,
 * "@type":…, attributes…, relationships…}, …]}. References are {"@id":"x-coredata://…"}; null
 * is null; dates, decimals, UUIDs, binaries (base64) are strings. Strings are escaped as RFC
 * 8259 requires (quote, backslash, U+0000–U+001F) and otherwise copied byte for byte.
 * With --lines it is graphexport's JSON Lines export (`-f jsonl`) of the same objects: a line
 * {"@source":{…}}, then each object, written as above, on a line of its own. */
#include "replay.h"

static gx_out_t out;

static void put(const char *s, size_t n) { gx_put(&out, s, n); }
static void lit(const char *s) { gx_put(&out, s, strlen(s)); }

static void put_string(const char *s, size_t n) {
    static const char hex[] = "0123456789abcdef";
    put("\"", 1);
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        put(s + start, i - start);
        start = i + 1;
        switch (c) {
        case '"': put("\\\"", 2); break;
        case '\\': put("\\\\", 2); break;
        case '\n': put("\\n", 2); break;
        case '\r': put("\\r", 2); break;
        case '\t': put("\\t", 2); break;
        case '\b': put("\\b", 2); break;
        case '\f': put("\\f", 2); break;
        default: {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            put(u, 6);
        }
        }
    }
    put(s + start, n - start);
    put("\"", 1);
}

int main(int argc, char **argv) {
    int lines = argc == 3 && strcmp(argv[1], "--lines") == 0;
    replay_t r;
    replay_load_argument(argc - lines, argv + lines, "json_ceiling [--lines]", &r);
    char *scratch = malloc(1 << 20);
    double start = gx_now();

    lit("{\"@source\":{");
    for (int i = 0; i < r.header_count; i++) {
        if (i) put(",", 1);
        put_string(r.header[2 * i], strlen(r.header[2 * i]));
        put(":", 1);
        put_string(r.header[2 * i + 1], strlen(r.header[2 * i + 1]));
    }
    lit(lines ? "}}\n" : "},\"@graph\":[");
    const unsigned char *p = r.tokens;
    int first_object = 1, first_member = 1, first_element = 1, in_list = 0;
    for (;;) {
        unsigned char token = *p++;
        switch (token) {
        case 'O': case 'P': {
            uint16_t e;
            int n = gx_read_id(&r, token, &p, &e, scratch);
            if (!first_object && !lines) put(",", 1);
            first_object = 0;
            lit("{\"@id\":\"");
            put(scratch, (size_t)n);
            lit("\",\"@type\":");
            put_string(r.names[e], r.name_lengths[e]);
            first_member = 0;
            break;
        }
        case '}': lines ? put("}\n", 2) : put("}", 1); break;
        case 'K': {
            uint16_t k = gx_u16(&p);
            if (!first_member) put(",", 1);
            first_member = 0;
            put_string(r.names[k], r.name_lengths[k]);
            put(":", 1);
            break;
        }
        case 'N': case 'n': lit("null"); break;
        case 'I': put(scratch, (size_t)gx_format_int(gx_i64(&p), scratch)); break;
        case 'B': if (*p++) lit("true"); else lit("false"); break;
        case 'D': put(scratch, (size_t)gx_format_double(gx_f64(&p), scratch)); break;
        case 'T': {
            int n = gx_format_date(gx_f64(&p), scratch + 1);
            scratch[0] = '"';
            scratch[n + 1] = '"';
            put(scratch, (size_t)n + 2);
            break;
        }
        case 'S': case 'M': {
            uint32_t n = gx_u32(&p);
            put_string((const char *)p, n);
            p += n;
            break;
        }
        case 'X': {
            uint32_t n = gx_u32(&p);
            scratch[0] = '"';
            size_t k = gx_base64(p, n, scratch + 1);
            scratch[k + 1] = '"';
            put(scratch, k + 2);
            p += n;
            break;
        }
        case 'U': {
            scratch[0] = '"';
            gx_format_uuid(p, scratch + 1);
            scratch[37] = '"';
            put(scratch, 38);
            p += 16;
            break;
        }
        case 'R': case 'Q': {
            uint16_t e;
            int n = gx_read_id(&r, token, &p, &e, scratch);
            if (in_list && !first_element) put(",", 1);
            first_element = 0;
            lit("{\"@id\":\"");
            put(scratch, (size_t)n);
            lit("\"}");
            break;
        }
        case '[': put("[", 1); in_list = 1; first_element = 1; break;
        case ']': put("]", 1); in_list = 0; break;
        case 'E':
            if (!lines) lit("]}\n");
            return gx_finish(&out, lines ? "jsonl" : "json", start);
        default:
            gx_fail("unknown token");
        }
    }
}
