/* What the three writer ceilings share: loading a replay file (Benchmarks/make_replay.py describes
 * its layout), formatting values the way graphexport's exports show them, an output buffer, and
 * the timer. Header-only, static functions: each ceiling is one translation unit.
 *
 * Honesty notes. Loading is not timed: the file is read into memory first, then the clock starts.
 * The clock stops after the last byte was handed to write(2). Values arrive unformatted, so each
 * ceiling pays for formatting them: ISO 8601 dates (shortest seconds text, then civil time),
 * shortest round-trip doubles (printf %.15g, %.16g, %.17g, the first that reads back), base64,
 * canonical UUIDs and x-coredata:// object URIs (or, for a plain SQLite database's replay,
 * `<Table>/<key>` identifiers: make_plain_replay.py). */
#ifndef GX_REPLAY_H
#define GX_REPLAY_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    unsigned char *data;
    size_t size;
    const unsigned char *tokens; /* first token */
    int name_count;
    char **names;
    size_t *name_lengths;
    int header_count;
    char **header; /* key, value, key, value, … */
    const char *store_uuid;
    int plain_ids; /* a plain SQLite database's document: identifiers are <Table>/<key> */
} replay_t;

static void gx_die(const char *what) {
    fprintf(stderr, "ceiling: %s: %s\n", what, errno ? strerror(errno) : "bad replay file");
    exit(1);
}

/* Dies of a fault of the replay file or of a library call, not of the system: no errno. */
static void gx_fail(const char *what) {
    errno = 0;
    gx_die(what);
}

static uint16_t gx_u16(const unsigned char **p) { uint16_t v; memcpy(&v, *p, 2); *p += 2; return v; }
static uint32_t gx_u32(const unsigned char **p) { uint32_t v; memcpy(&v, *p, 4); *p += 4; return v; }
static int64_t gx_i64(const unsigned char **p) { int64_t v; memcpy(&v, *p, 8); *p += 8; return v; }
static double gx_f64(const unsigned char **p) { double v; memcpy(&v, *p, 8); *p += 8; return v; }

static char *gx_string(const unsigned char **p, size_t *length) {
    uint16_t n = gx_u16(p);
    char *s = malloc((size_t)n + 1);
    memcpy(s, *p, n);
    s[n] = 0;
    *p += n;
    if (length) *length = n;
    return s;
}

static void replay_load(const char *path, replay_t *r) {
    FILE *f = fopen(path, "rb");
    if (!f) gx_die(path);
    fseek(f, 0, SEEK_END);
    r->size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    r->data = malloc(r->size);
    if (fread(r->data, 1, r->size, f) != r->size) gx_die(path);
    fclose(f);
    if (r->size < 8 || memcmp(r->data, "GXR1", 4) != 0) { errno = 0; gx_die(path); }
    const unsigned char *p = r->data + 4;
    r->name_count = gx_u16(&p);
    r->names = malloc(sizeof(char *) * (size_t)r->name_count);
    r->name_lengths = malloc(sizeof(size_t) * (size_t)r->name_count);
    for (int i = 0; i < r->name_count; i++) r->names[i] = gx_string(&p, &r->name_lengths[i]);
    r->header_count = gx_u16(&p);
    r->header = malloc(sizeof(char *) * 2 * (size_t)r->header_count);
    r->store_uuid = "";
    for (int i = 0; i < 2 * r->header_count; i++) r->header[i] = gx_string(&p, NULL);
    r->plain_ids = 0;
    for (int i = 0; i < r->header_count; i++) {
        if (strcmp(r->header[2 * i], "storeUUID") == 0) r->store_uuid = r->header[2 * i + 1];
        if (strcmp(r->header[2 * i], "sourceKind") == 0 && strcmp(r->header[2 * i + 1], "SQLite database") == 0)
            r->plain_ids = 1;
    }
    r->tokens = p;
}

/* Loads the replay file named on a ceiling's command line: `ceiling FILE.gxr`, else exits 64. */
static void replay_load_argument(int argc, char **argv, const char *ceiling, replay_t *r) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE.gxr\n", ceiling); exit(64); }
    replay_load(argv[1], r);
}

/* ---- output: a 64 KiB buffer in front of write(2), as graphexport's OutputBuffer ---------- */
typedef struct {
    char buffer[65536];
    size_t used;
    long long total;
} gx_out_t;

static void gx_flush(gx_out_t *o) {
    size_t done = 0;
    while (done < o->used) {
        ssize_t n = write(1, o->buffer + done, o->used - done);
        if (n < 0) { if (errno == EINTR) continue; gx_die("write"); }
        done += (size_t)n;
    }
    o->total += (long long)o->used;
    o->used = 0;
}

static void gx_put(gx_out_t *o, const char *s, size_t n) {
    if (o->used + n > sizeof o->buffer) {
        gx_flush(o);
        if (n > sizeof o->buffer) {
            while (n > 0) {
                size_t chunk = n < sizeof o->buffer ? n : sizeof o->buffer;
                memcpy(o->buffer, s, chunk);
                o->used = chunk;
                gx_flush(o);
                s += chunk;
                n -= chunk;
            }
            return;
        }
    }
    memcpy(o->buffer + o->used, s, n);
    o->used += n;
}

/* ---- value formatting --------------------------------------------------------------------- */

/* Shortest text that reads back to the same double; "5.0" rather than "5" (as graphexport). */
static int gx_format_double(double v, char *out) {
    int n = 0;
    for (int precision = 15; precision <= 17; precision++) {
        n = snprintf(out, 32, "%.*g", precision, v);
        if (strtod(out, NULL) == v) break;
    }
    if (!strpbrk(out, ".eni")) { out[n++] = '.'; out[n++] = '0'; out[n] = 0; }
    return n;
}

/* Days since 1970-01-01 to civil date (Howard Hinnant's algorithm). */
static void gx_civil(int64_t days, int64_t *y, unsigned *m, unsigned *d) {
    days += 719468;
    int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    unsigned doe = (unsigned)(days - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t year = (int64_t)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = year + (*m <= 2);
}

/* ISO 8601 UTC with exactly the fractional digits of the seconds' shortest text, e.g.
 * 500000029.001 -> 2016-11-05T00:53:49.001Z, 500000037 -> 2016-11-05T00:53:57Z. */
static int gx_format_date(double seconds_since_2001, char *out) {
    char text[40];
    gx_format_double(seconds_since_2001, text);
    char *dot = strchr(text, '.');
    const char *fraction = "";
    int64_t whole;
    if (dot && !strpbrk(text, "eE") && seconds_since_2001 >= 0) {
        *dot = 0;
        whole = strtoll(text, NULL, 10);
        fraction = dot + 1;
        if (strcmp(fraction, "0") == 0) fraction = "";
    } else { /* negative or exponent form: whole seconds by floor, fraction to milliseconds */
        double f = seconds_since_2001 - (double)(int64_t)seconds_since_2001;
        whole = (int64_t)seconds_since_2001;
        if (f < 0) { whole -= 1; f += 1; }
        static char ms[4];
        int millis = (int)(f * 1000 + 0.5);
        if (millis >= 1000) millis = 999;
        ms[0] = (char)('0' + millis / 100);
        ms[1] = (char)('0' + millis / 10 % 10);
        ms[2] = (char)('0' + millis % 10);
        ms[3] = 0;
        fraction = millis ? ms : "";
    }
    int64_t unix_seconds = whole + 978307200;
    int64_t days = unix_seconds / 86400, rest = unix_seconds % 86400;
    if (rest < 0) { rest += 86400; days -= 1; }
    int64_t y; unsigned mo, d;
    gx_civil(days, &y, &mo, &d);
    int n = snprintf(out, 64, "%04lld-%02u-%02uT%02u:%02u:%02u", (long long)y, mo, d,
                     (unsigned)(rest / 3600), (unsigned)(rest / 60 % 60), (unsigned)(rest % 60));
    if (*fraction) n += snprintf(out + n, 64 - (size_t)n, ".%s", fraction);
    out[n++] = 'Z';
    out[n] = 0;
    return n;
}

static int gx_format_int(int64_t v, char *out) {
    char tmp[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    int k = 0;
    if (v < 0) out[k++] = '-';
    while (n) out[k++] = tmp[--n];
    out[k] = 0;
    return k;
}

static int gx_format_uuid(const unsigned char *b, char *out) {
    static const char hex[] = "0123456789abcdef";
    int k = 0;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[k++] = '-';
        out[k++] = hex[b[i] >> 4];
        out[k++] = hex[b[i] & 15];
    }
    out[k] = 0;
    return k;
}

/* RFC 4648 base64 with padding; out must hold 4 * ((n + 2) / 3) + 1 bytes. */
static size_t gx_base64(const unsigned char *in, size_t n, char *out) {
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t k = 0, i = 0;
    for (; i + 2 < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[k++] = a[v >> 18]; out[k++] = a[v >> 12 & 63]; out[k++] = a[v >> 6 & 63]; out[k++] = a[v & 63];
    }
    if (i < n) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0);
        out[k++] = a[v >> 18]; out[k++] = a[v >> 12 & 63];
        out[k++] = i + 1 < n ? a[v >> 6 & 63] : '=';
        out[k++] = '=';
    }
    out[k] = 0;
    return k;
}

/* x-coredata://<store UUID>/<Entity>/p<Z_PK>, or <Table>/<key> for a plain database. */
static int gx_format_id(const replay_t *r, uint16_t entity, uint32_t pk, char *out) {
    int n = r->plain_ids ? 0 : snprintf(out, 256, "x-coredata://%s/", r->store_uuid);
    memcpy(out + n, r->names[entity], r->name_lengths[entity]);
    n += (int)r->name_lengths[entity];
    out[n++] = '/';
    if (!r->plain_ids) out[n++] = 'p';
    return n + gx_format_int(pk, out + n);
}

/* The identifier of an O or R token (entity and key, formatted) or of a P or Q token (entity and
 * the key's text, copied: make_plain_replay.py) into out; its entity in *entity. */
static int gx_read_id(const replay_t *r, unsigned char token, const unsigned char **p, uint16_t *entity, char *out) {
    *entity = gx_u16(p);
    if (token == 'O' || token == 'R') return gx_format_id(r, *entity, gx_u32(p), out);
    uint16_t length = gx_u16(p);
    int n = (int)r->name_lengths[*entity];
    memcpy(out, r->names[*entity], (size_t)n);
    out[n++] = '/';
    memcpy(out + n, *p, length);
    *p += length;
    n += length;
    out[n] = 0;
    return n;
}

/* ---- timing -------------------------------------------------------------------------------- */
static double gx_clock(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double gx_cpu_start;

/* Starts the clocks: wall (returned) and this process's CPU time. */
static double gx_now(void) {
    gx_cpu_start = gx_clock(CLOCK_PROCESS_CPUTIME_ID);
    return gx_clock(CLOCK_MONOTONIC);
}

static void gx_report(const char *ceiling, double start, long long bytes) {
    fprintf(stderr, "%s write_seconds=%.6f bytes=%lld write_cpu_seconds=%.6f\n", ceiling,
            gx_clock(CLOCK_MONOTONIC) - start, bytes, gx_clock(CLOCK_PROCESS_CPUTIME_ID) - gx_cpu_start);
}

/* The end of a replay: the output written out, then the time it took reported; main's status. */
static int gx_finish(gx_out_t *o, const char *ceiling, double start) {
    gx_flush(o);
    gx_report(ceiling, start, o->total);
    return 0;
}

#endif
