/* YAML writer ceiling: the raw libyaml emitter writing the flat export replayed from a replay file
 * (see replay.h and make_replay.py) to standard output. Times only the writing.
 *
 *     yaml_ceiling FILE.gxr > /dev/null        (stderr: yaml write_seconds=… bytes=…)
 *
 * The document follows Formats/YAML (YAMLGraphWriter's documentation): a block mapping with
 * "@source" (the header) and "@graph", a block sequence of objects; each object a block mapping
 * starting with "@id" and "@type"; references as flow mappings {"@id": x-coredata://…}; empty
 * to-many relationships as []; null as null; dates and decimals double-quoted; binaries tagged
 * !!binary; lines never folded (width -1), UTF-8 written as is.
 *
 * What the ceiling leaves out on purpose: graphexport decides each string's style itself (it
 * quotes text a YAML 1.1 or 1.2 reader would type as something else, and writes multi-line text
 * as literal blocks); here libyaml picks the style from the characters alone (plain when plain
 * is allowed). The data has almost no such strings, so the document is about the same size. */
#include <yaml.h>

#include "replay.h"

static gx_out_t out;
static yaml_emitter_t *emitter; /* heap-allocated: libyaml keeps pointers into it */

static int write_handler(void *data, unsigned char *buffer, size_t size) {
    (void)data;
    gx_put(&out, (const char *)buffer, size);
    return 1;
}

static void emit(yaml_event_t *event) {
    if (!yaml_emitter_emit(emitter, event)) {
        fprintf(stderr, "ceiling: libyaml: %s\n", emitter->problem ? emitter->problem : "error");
        exit(1);
    }
}

enum { ANY, PLAIN, DOUBLE_QUOTED };

static void scalar(const char *text, size_t length, int style, const char *tag) {
    yaml_event_t event;
    yaml_scalar_style_t s = style == DOUBLE_QUOTED ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
                            : style == PLAIN       ? YAML_PLAIN_SCALAR_STYLE
                                                   : YAML_ANY_SCALAR_STYLE;
    yaml_scalar_event_initialize(&event, NULL, (yaml_char_t *)tag, (yaml_char_t *)text, (int)length,
                                 tag == NULL, tag == NULL, s);
    emit(&event);
}

static void mapping_start(int flow) {
    yaml_event_t event;
    yaml_mapping_start_event_initialize(&event, NULL, NULL, 1,
                                        flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
    emit(&event);
}

static void mapping_end(void) {
    yaml_event_t event;
    yaml_mapping_end_event_initialize(&event);
    emit(&event);
}

static void sequence_start(int flow) {
    yaml_event_t event;
    yaml_sequence_start_event_initialize(&event, NULL, NULL, 1,
                                         flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
    emit(&event);
}

static void sequence_end(void) {
    yaml_event_t event;
    yaml_sequence_end_event_initialize(&event);
    emit(&event);
}

int main(int argc, char **argv) {
    replay_t r;
    replay_load_argument(argc, argv, "yaml_ceiling", &r);
    char *scratch = malloc(1 << 20);
    double start = gx_now();

    emitter = calloc(1, sizeof *emitter);
    yaml_emitter_initialize(emitter);
    yaml_emitter_set_output(emitter, write_handler, NULL);
    yaml_emitter_set_width(emitter, -1);
    yaml_emitter_set_unicode(emitter, 1);
    yaml_event_t event;
    yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING);
    emit(&event);
    yaml_document_start_event_initialize(&event, NULL, NULL, NULL, 1);
    emit(&event);
    mapping_start(0);
    scalar("@source", 7, DOUBLE_QUOTED, NULL);
    mapping_start(0);
    for (int i = 0; i < r.header_count; i++) {
        scalar(r.header[2 * i], strlen(r.header[2 * i]), ANY, NULL);
        scalar(r.header[2 * i + 1], strlen(r.header[2 * i + 1]), ANY, NULL);
    }
    mapping_end();
    scalar("@graph", 6, DOUBLE_QUOTED, NULL);
    sequence_start(0);
    const unsigned char *p = r.tokens;
    for (;;) {
        unsigned char token = *p++;
        switch (token) {
        case 'O': case 'P': {
            uint16_t e;
            int n = gx_read_id(&r, token, &p, &e, scratch);
            mapping_start(0);
            scalar("@id", 3, DOUBLE_QUOTED, NULL);
            scalar(scratch, (size_t)n, ANY, NULL);
            scalar("@type", 5, DOUBLE_QUOTED, NULL);
            scalar(r.names[e], r.name_lengths[e], ANY, NULL);
            break;
        }
        case '}': mapping_end(); break;
        case 'K': {
            uint16_t k = gx_u16(&p);
            scalar(r.names[k], r.name_lengths[k], ANY, NULL);
            break;
        }
        case 'N': case 'n': scalar("null", 4, PLAIN, NULL); break;
        case 'I': scalar(scratch, (size_t)gx_format_int(gx_i64(&p), scratch), PLAIN, NULL); break;
        case 'B': if (*p++) scalar("true", 4, PLAIN, NULL); else scalar("false", 5, PLAIN, NULL); break;
        case 'D': scalar(scratch, (size_t)gx_format_double(gx_f64(&p), scratch), PLAIN, NULL); break;
        case 'T': scalar(scratch, (size_t)gx_format_date(gx_f64(&p), scratch), DOUBLE_QUOTED, NULL); break;
        case 'S': {
            uint32_t n = gx_u32(&p);
            scalar((const char *)p, n, ANY, NULL);
            p += n;
            break;
        }
        case 'M': {
            uint32_t n = gx_u32(&p);
            scalar((const char *)p, n, DOUBLE_QUOTED, NULL);
            p += n;
            break;
        }
        case 'X': {
            uint32_t n = gx_u32(&p);
            size_t k = gx_base64(p, n, scratch);
            scalar(scratch, k, PLAIN, "tag:yaml.org,2002:binary");
            p += n;
            break;
        }
        case 'U': scalar(scratch, (size_t)gx_format_uuid(p, scratch), PLAIN, NULL); p += 16; break;
        case 'R': case 'Q': {
            uint16_t e;
            int n = gx_read_id(&r, token, &p, &e, scratch);
            mapping_start(1);
            scalar("@id", 3, DOUBLE_QUOTED, NULL);
            scalar(scratch, (size_t)n, ANY, NULL);
            mapping_end();
            break;
        }
        case '[':
            if (*p == ']') { sequence_start(1); sequence_end(); p++; } /* [] */
            else sequence_start(0);
            break;
        case ']': sequence_end(); break;
        case 'E':
            sequence_end();
            mapping_end();
            yaml_document_end_event_initialize(&event, 1);
            emit(&event);
            yaml_stream_end_event_initialize(&event);
            emit(&event);
            yaml_emitter_flush(emitter);
            yaml_emitter_delete(emitter);
            return gx_finish(&out, "yaml", start);
        default:
            gx_fail("unknown token");
        }
    }
}
